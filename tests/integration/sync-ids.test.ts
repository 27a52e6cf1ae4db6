import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf, type ShadowCore } from '../../src/core/shadow-core';
import type { SyncRecord } from '../../src/core/sync/sync-records';
import { localDayBounds } from '../../src/core/time';
import { openQuietCore } from '../helpers/quiet-core';
import { handWrittenDevice, rowCounts, trustDevice, type HandWrittenDevice } from '../helpers/sync-profiles';

/**
 * Ids that cannot collide across devices (issue 25): a synced record's identity includes its device, so
 * no imported record can take, hide or block another device's data or this one's. The attack: a device
 * folder sorted first claims another device's conversation id (and this device's); before, the real
 * device's segment waited forever, its whole day vanished from Today, and health said nothing.
 */
const dirs: string[] = [];
const cores: ShadowCore[] = [];
afterEach(() => {
  for (const core of cores.splice(0)) core.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

const DAY = '2026-07-01';
const at = (time: string): number => Date.parse(`${DAY}T${time}:00.000Z`);
const REAL_CONVERSATION = 'ses_budgetreview0001';

const session = (id: string, title: string, rev: number): SyncRecord => ({
  kind: 'session',
  id,
  rev,
  row: {
    type: 'chat',
    title,
    status: 'paused',
    created_at: at('09:10'),
    last_active_at: at('09:20'),
    model: null,
    tools: '[]',
    system_prompt_hash: null,
    context_summary: '',
    token_count: 0,
    turn_count: 1,
    pause_requested: 0,
    paused_at: null,
    continues: null,
  },
});
const turn = (id: number, sessionId: string, prompt: string, rev: number): SyncRecord => ({
  kind: 'turn',
  id,
  rev,
  row: {
    session_id: sessionId,
    number: 1,
    prompt,
    reply: 'ok',
    app: null,
    window_title: null,
    prompt_tokens: 1,
    reply_tokens: 1,
    summary: null,
    summary_source: null,
    engine: 'offline',
    status: 'complete',
    created_at: at('09:15'),
    completed_at: at('09:15'),
    evidence: '[]',
    interrupted_reason: null,
  },
});
/** The laptop's real day: a work session, an hour in Excel, and a conversation with one turn. */
const laptopDay = (): SyncRecord[] => [
  {
    kind: 'work_session',
    id: 1,
    rev: 1,
    row: { started_at: at('09:00'), ended_at: at('10:00'), status: 'completed', source: 'desktop', end_reason: 'the app quit' },
  },
  {
    kind: 'span',
    id: 1,
    rev: 2,
    row: {
      work_session_id: 1,
      kind: 'app',
      app: 'Microsoft Excel',
      title: 'Budget.xlsx',
      private_reason: null,
      start_ms: at('09:00'),
      end_ms: at('10:00'),
      monitor: null,
    },
  },
  session(REAL_CONVERSATION, 'Budget review', 3),
  turn(1, REAL_CONVERSATION, 'How long was I in the budget?', 4),
];

function setUp(): { core: ShadowCore; laptop: HandWrittenDevice; rogue: HandWrittenDevice; mine: string } {
  const folder = temp('shadow-ids-folder-');
  const core = openQuietCore(temp('shadow-ids-home-'), {
    settings: { sync: { folder, deviceName: 'here', share: ['activity', 'memory', 'screenText', 'conversations'], intervalSec: 120 } },
  });
  cores.push(core);
  const mine = core.sessions.create({ type: 'chat', title: 'Mine', tools: [] }).id;
  const laptop = handWrittenDevice(folder, 'b1b2b3b4b5b6b7b8', 'laptop');
  // Trusted, then compromised: its folder name sorts before the laptop's.
  const rogue = handWrittenDevice(folder, '0000000000000001', 'tablet');
  return { core, laptop, rogue, mine };
}

const sessionsOf = (core: ShadowCore, name: string) =>
  databaseOf(core)
    .prepare(
      `SELECT s.id, s.title, (SELECT COUNT(*) FROM turns t WHERE t.session_id = s.id) AS turns FROM sessions s WHERE s.device = ? ORDER BY s.title`,
    )
    .all(core.sync.devices.resolve(name));

describe('a device claiming conversation ids that are not its own', () => {
  it('takes, hides and blocks nothing: the real device’s day and conversation come in, both are kept, health names it', async () => {
    const { core, laptop, rogue, mine } = setUp();
    const before = { mine: core.sessions.get(mine), counts: rowCounts(core) };
    laptop.segment(1, laptopDay());
    laptop.publish(1);
    rogue.segment(1, [session(REAL_CONVERSATION, 'Taken over', 1), session(mine, 'Yours now', 2), turn(1, REAL_CONVERSATION, 'fake', 3)]);
    rogue.publish(1);
    trustDevice(core, laptop);
    trustDevice(core, rogue);

    const run = await core.sync.run();
    // Nothing waits: the laptop's segment is applied whole.
    expect(run.imported.segments).toBe(2);
    expect(run.status.problems.filter((p) => p.kind === 'waiting')).toEqual([]);
    // Its day is on Today.
    const day = localDayBounds(DAY);
    expect(core.activity.scoped(core.sync.devices.resolve('laptop')).appTime({ window: day }).totalActiveSeconds).toBe(3600);
    expect(core.activity.appTime({ window: day }).apps.map((a) => [a.app, a.seconds])).toEqual([['Microsoft Excel', 3600]]);
    // Both conversations are there, each under its own device, with its own turns; this device's is untouched.
    expect(sessionsOf(core, 'laptop')).toEqual([{ id: expect.stringMatching(/^ses_/), title: 'Budget review', turns: 1 }]);
    expect(sessionsOf(core, 'tablet')).toEqual([
      { id: expect.stringMatching(/^ses_/), title: 'Taken over', turns: 1 },
      { id: expect.stringMatching(/^ses_/), title: 'Yours now', turns: 0 },
    ]);
    expect(core.sessions.get(mine)).toMatchObject({ ...before.mine, device: { name: 'here' } });
    const own = (counts: Record<string, number>) => Object.entries(counts).filter(([table]) => table.endsWith('@1'));
    expect(own(rowCounts(core))).toEqual(own(before.counts));
    expect(
      core.sessions
        .list({ limit: 50 })
        .map((s) => [s.title, s.device?.name ?? 'here'])
        .sort(),
    ).toEqual([
      ['Budget review', 'laptop'],
      ['Mine', 'here'],
      ['Taken over', 'tablet'],
      ['Yours now', 'tablet'],
    ]);
    // The claims are shown, naming the device, the id and where the other conversation is.
    const conflicts = run.status.problems.filter((p) => p.kind === 'conflict').map((p) => [p.device?.name, p.message]);
    expect(conflicts).toEqual(
      expect.arrayContaining([
        ['tablet', expect.stringMatching(new RegExp(`conversation ${mine} has the id of a conversation of this computer; both are kept`))],
      ]),
    );
    expect(conflicts).toHaveLength(2);
    const reason = core.health.report().reasons.find((r) => r.code === 'sync_id_conflict');
    expect(reason?.message).toMatch(/^2 conversations of another device claim an id already held here: .*Nothing was written over\./);
  });

  it('leaves a conversation imported earlier under its own id when another device claims it later', async () => {
    const { core, laptop, rogue } = setUp();
    laptop.segment(1, laptopDay());
    laptop.publish(1);
    trustDevice(core, laptop);
    await core.sync.run();
    rogue.segment(1, [session(REAL_CONVERSATION, 'Taken over', 1), turn(1, REAL_CONVERSATION, 'fake', 2)]);
    rogue.publish(1);
    trustDevice(core, rogue);
    const run = await core.sync.run();
    expect(run.imported.segments).toBe(1);
    expect(core.sessions.get(REAL_CONVERSATION)).toMatchObject({ title: 'Budget review', device: { name: 'laptop' } });
    expect(
      (databaseOf(core).prepare(`SELECT COUNT(*) AS n FROM turns WHERE session_id = ?`).get(REAL_CONVERSATION) as { n: number }).n,
    ).toBe(1);
    expect(sessionsOf(core, 'tablet')).toEqual([{ id: expect.not.stringMatching(REAL_CONVERSATION), title: 'Taken over', turns: 1 }]);
    // The laptop's later changes still reach its own conversation.
    laptop.segment(2, [{ ...session(REAL_CONVERSATION, 'Budget review, done', 5) }]);
    laptop.publish(2);
    await core.sync.run();
    expect(core.sessions.get(REAL_CONVERSATION).title).toBe('Budget review, done');
    expect(sessionsOf(core, 'tablet')).toEqual([{ id: expect.any(String), title: 'Taken over', turns: 1 }]);
  });

  it('names a segment that waits for an earlier one in health: the device, the segment and what it waits for', async () => {
    const { core, laptop } = setUp();
    const [workSession, ...rest] = laptopDay();
    laptop.segment(2, rest);
    laptop.publish(2);
    trustDevice(core, laptop);
    const run = await core.sync.run();
    expect(run.status.problems).toContainEqual(
      expect.objectContaining({ kind: 'waiting', seq: 2, device: expect.objectContaining({ name: 'laptop' }) }),
    );
    const reason = core.health.report().reasons.find((r) => r.code === 'sync_segment_waiting');
    expect(reason?.message).toBe(
      "1 piece of another device's data wait for an earlier one: segment 2 of laptop: a span belongs to work session 1, which no segment applied so far brings. The rest of that device was imported.",
    );
    laptop.segment(1, [workSession!]);
    laptop.publish(2);
    const healed = await core.sync.run();
    expect(healed.imported.segments).toBe(2);
    expect(core.health.report().reasons.map((r) => r.code)).not.toContain('sync_segment_waiting');
  });
});
