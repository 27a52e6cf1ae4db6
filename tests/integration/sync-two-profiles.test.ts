import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, type Handlers } from '../../src/core/api/handlers';
import { callOperation, invokeOperation } from '../../src/core/api/invoke-operation';
import { ManualClock } from '../../src/core/clock';
import { applyRetention } from '../../src/core/retention';
import { databaseOf, createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { resolveSessionId } from '../../src/server/mcp/session-tools';
import type { OperationInput, OperationKey, OperationOutput, Operations } from '../../src/shared/contract/index';
import { formatDuration } from '../../src/shared/format-duration';
import { demoReplayOptions, replayDemoDayForRecall } from '../fixtures/recall-replay';
import { replayWithMemory } from '../helpers/memory-replay';
import { importedDigest, pairProfiles, rowCounts, tinyDayRecognizer } from '../helpers/sync-profiles';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay, type TinyDaySegment } from '../helpers/tiny-day';

/**
 * Two profiles on one machine share a sync folder (issue 17): the laptop observed the demo day, the
 * desktop an evening of its own on the same date. Each imports the other's segments, and the views
 * (app time, day chart, search, the assistant's answers, conversations) cover both, labelled by device.
 */

const DATE = '2026-03-10';
// The desktop's stretch overlaps the laptop's last half hour: both hold that time, each on its own device.
const desktopDay: TinyDaySegment[] = [
  {
    app: 'Visual Studio Code',
    title: 'forecast.py - budget-tools',
    seconds: 1200,
    text: ['def forecast_quarter(ledger):', 'Zephyr pipeline 7731'],
  },
  { app: 'Firefox', title: 'Grafana - Zephyr dashboards', seconds: 900, text: ['Zephyr pipeline latency', 'p95 412 ms'] },
  {
    app: 'Visual Studio Code',
    title: 'forecast.py - budget-tools',
    seconds: 600,
    text: ['def forecast_quarter(ledger):', 'return totals'],
  },
];

interface Device {
  readonly home: TempShadowHome;
  readonly core: ShadowCore;
  readonly handlers: Handlers;
  call<K extends OperationKey>(key: K, input: OperationInput<Operations[K]>): Promise<OperationOutput<Operations[K]>>;
}

let folder: string;
let laptop: Device;
let desktop: Device;
let laptopSession: string;

function open(home: TempShadowHome, name: string, options: Parameters<typeof createShadowCore>[0]): Device {
  const core = createShadowCore({
    env: {},
    ...options,
    paths: home.paths,
    clock: new ManualClock(0),
    settings: {
      ...options?.settings,
      sync: { folder, deviceName: name, share: ['activity', 'memory', 'screenText', 'conversations'], intervalSec: 120 },
    },
  });
  const handlers = createHandlers(core);
  return { home, core, handlers, call: (key, input) => callOperation(handlers, key, input) };
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'shadow-sync-folder-'));
  laptop = open(createTempShadowHome('shadow-sync-laptop-'), 'laptop', demoReplayOptions);
  await replayDemoDayForRecall(laptop.core);
  const chat = laptop.core.sessions.create({ type: 'chat', tools: [] });
  laptopSession = chat.id;
  await laptop.core.sessions.send(chat.id, 'How long was I in Excel today?');
  await laptop.core.sessions.idle();
  expect((await laptop.core.sync.run()).exported.segments).toBeGreaterThan(0);

  const dayDir = await writeTinyDay(desktopDay, `${DATE}T16:00:00.000Z`);
  desktop = open(createTempShadowHome('shadow-sync-desktop-'), 'desktop', {
    replayDir: dayDir,
    ocrRecognizer: tinyDayRecognizer(dayDir, desktopDay),
    settings: { pollIntervalMs: 1000, captureIntervalSec: 10 },
  });
  await replayWithMemory(desktop.core);
  await desktop.core.ocr.whenIdle();
  const written = await desktop.core.sync.run();
  expect(written.exported.segments).toBeGreaterThan(0);
  // Nothing of the laptop comes in until the person trusts it, having compared the fingerprints.
  expect(written.imported.segments).toBe(0);
  pairProfiles(laptop.core, desktop.core);
  const run = await desktop.core.sync.run();
  expect(run.imported.segments).toBeGreaterThan(0);
  expect((await laptop.core.sync.run()).imported.segments).toBeGreaterThan(0);
}, 240_000);

afterAll(() => {
  for (const device of [laptop, desktop]) {
    device?.core.close();
    device?.home.remove();
  }
  rmSync(folder, { recursive: true, force: true });
});

describe('two profiles sharing a sync folder', () => {
  it("shows the other device's app time, labelled by device, and filters by device", async () => {
    const laptopOwn = await laptop.call('appTime', { date: DATE, device: 'laptop' });
    const desktopOwn = await desktop.call('appTime', { date: DATE, device: 'desktop' });
    const onDesktop = await desktop.call('appTime', { date: DATE });
    // The desktop's view of the laptop's day is the laptop's own, to the tenth of a second.
    const laptopSeenOnDesktop = await desktop.call('appTime', { date: DATE, device: 'laptop' });
    expect(laptopSeenOnDesktop.apps.map((a) => [a.app, a.seconds])).toEqual(laptopOwn.apps.map((a) => [a.app, a.seconds]));
    expect(laptopOwn.totalActiveSeconds).toBeGreaterThan(6 * 3600);
    expect(onDesktop.totalActiveSeconds).toBeCloseTo(laptopOwn.totalActiveSeconds + desktopOwn.totalActiveSeconds, 0);
    expect(onDesktop.devices?.map((d) => d.name).sort()).toEqual(['desktop', 'laptop']);
    expect(onDesktop.apps.find((a) => a.app === 'Microsoft Outlook')?.devices?.map((d) => d.name)).toEqual(['laptop']);
    expect(onDesktop.apps.find((a) => a.app === 'Visual Studio Code')?.devices?.map((d) => d.name)).toEqual(['desktop']);
    const fromLaptop = await laptop.call('appTime', { date: DATE, device: 'desktop' });
    expect(fromLaptop.apps.map((a) => [a.app, a.seconds])).toEqual(desktopOwn.apps.map((a) => [a.app, a.seconds]));
    const unknown = await invokeOperation(desktop.handlers, 'appTime', { date: DATE, device: 'tablet' });
    expect(unknown.ok ? null : unknown.error.kind).toBe('not_found');
  });

  it("draws both devices' spans and tasks on the day chart, each with its device", async () => {
    const { days } = await desktop.call('timeline', { date: DATE });
    const spans = days[0]!.spans;
    expect(new Set(spans.map((s) => s.device?.name))).toEqual(new Set(['laptop', 'desktop']));
    expect(spans.filter((s) => s.app === 'Microsoft Outlook').every((s) => s.device?.name === 'laptop')).toBe(true);
    expect(days[0]!.tasks.some((t) => t.device?.name === 'laptop')).toBe(true);
    // The laptop stopped at 16:30 while the desktop went on: that is no gap in the day.
    const [from, to] = [Date.parse(`${DATE}T16:00:00Z`), Date.parse(`${DATE}T16:45:00Z`)];
    expect(days[0]!.gaps.filter((g) => Date.parse(g.from) < to && Date.parse(g.to) > from)).toEqual([]);
    expect(days[0]!.observed).toEqual({ from: `${DATE}T08:30:00.000Z`, to: `${DATE}T16:45:00.000Z` });
    const onlyDesktop = await desktop.call('timeline', { date: DATE, device: 'desktop' });
    expect(onlyDesktop.days[0]!.spans.every((s) => s.device?.name === 'desktop')).toBe(true);
  });

  it('finds text read on the other device, saying where it was read', async () => {
    const hits = (await desktop.call('searchScreen', { q: 'invoice 4471' })).hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.device?.name === 'laptop')).toBe(true);
    const zephyr = (await laptop.call('searchScreen', { q: 'Zephyr pipeline' })).hits;
    expect(zephyr.length).toBeGreaterThan(0);
    expect(zephyr.every((h) => h.device?.name === 'desktop')).toBe(true);
    expect((await desktop.call('searchScreen', { q: 'invoice 4471', device: 'desktop' })).hits).toEqual([]);
  });

  it('opens a moment of one computer when both were in use: its window, its screen text, its neighbours', async () => {
    const at = `${DATE}T16:10:00.000Z`;
    const pick = (m: OperationOutput<Operations['getMoment']>) => [m.device?.name, m.app, m.windowTitle, m.screenText?.text];
    const neighbours = (m: OperationOutput<Operations['getMoment']>) => [m.previous, m.next].map((r) => r && [r.at, r.app, r.windowTitle]);
    // Each profile opens its own computer's moment first; the other's on asking, exactly as it saw it.
    const desktopHere = await desktop.call('getMoment', { at });
    const laptopHere = await laptop.call('getMoment', { at });
    expect(pick(desktopHere)).toEqual([
      'desktop',
      'Visual Studio Code',
      'forecast.py - budget-tools',
      'def forecast_quarter(ledger):\nZephyr pipeline 7731',
    ]);
    expect(laptopHere.device?.name).toBe('laptop');
    expect(laptopHere.app).not.toBe('Visual Studio Code');
    const laptopOnDesktop = await desktop.call('getMoment', { at, device: 'laptop' });
    expect(pick(laptopOnDesktop)).toEqual(pick(laptopHere));
    expect(neighbours(laptopOnDesktop)).toEqual(neighbours(laptopHere));
    expect(laptopOnDesktop.frame.note).toMatch(/stay on the computer that took them; this moment is laptop's/);
    expect(neighbours(await laptop.call('getMoment', { at, device: 'desktop' }))).toEqual(neighbours(desktopHere));
    // A screen-text id opens the moment of the computer that read it, even where the other was in use too.
    const hits = (await laptop.call('searchScreen', { q: 'Grafana Zephyr latency' })).hits;
    const grafana = hits.find((h) => h.title === 'Grafana - Zephyr dashboards' && Date.parse(h.at) < Date.parse(`${DATE}T16:30:00Z`))!;
    expect(grafana).toBeDefined();
    const opened = await laptop.call('getMoment', { at: grafana.at, screenTextId: grafana.id });
    expect(pick(opened)).toEqual(['desktop', 'Firefox', 'Grafana - Zephyr dashboards', opened.screenText?.text]);
    expect(opened.screenText?.text).toContain('Zephyr pipeline latency');
    expect(opened.span && Date.parse(opened.span.from)).toBe(Date.parse(`${DATE}T16:20:00Z`));
  });

  it('answers "what was I doing at" a time both computers were in use for each, naming them', async () => {
    const laptopWindow = (await desktop.call('getMoment', { at: `${DATE}T16:10:00.000Z`, device: 'laptop' })).windowTitle!;
    const session = desktop.core.sessions.create({ type: 'chat', tools: [] });
    const { turn } = await desktop.core.sessions.send(session.id, 'What was I doing at 4:10 pm today?');
    const [first] = turn.reply.split('\n');
    expect(first).toBe('At 16:10 you were in **forecast.py - budget-tools** (Visual Studio Code) on desktop.');
    expect(turn.reply).toMatch(/At the same time you were in \*\*.+\*\* \(.+\) on laptop\./);
    expect(turn.reply).toContain('def forecast_quarter');
    const laptopEvidence = turn.evidence.filter((e) => e.device?.name === 'laptop');
    expect(laptopEvidence.length).toBe(1);
    expect(laptopEvidence[0]!.windowTitle).toBe(laptopWindow);
    expect(turn.evidence.find((e) => e.device?.name === 'desktop')?.windowTitle).toBe('forecast.py - budget-tools');
    await desktop.core.sessions.idle();
  });

  it("answers questions about the other device's work, with evidence labelled by device", async () => {
    const outlook = (await laptop.call('appTime', { date: DATE, device: 'laptop' })).apps.find((a) => a.app === 'Microsoft Outlook')!;
    const session = desktop.core.sessions.create({ type: 'chat', tools: [] });
    const time = (await desktop.core.sessions.send(session.id, 'How long was I in Outlook today?')).turn;
    expect(time.reply).toContain(formatDuration(outlook.seconds));
    const seen = (await desktop.core.sessions.send(session.id, 'when did I see invoice 4471?')).turn;
    expect(seen.reply).toContain('(on laptop)');
    expect(seen.evidence.some((e) => e.device?.name === 'laptop')).toBe(true);
    const own = (await desktop.core.sessions.send(session.id, 'where did I see Zephyr pipeline latency?')).turn;
    expect(own.evidence.some((e) => e.device?.name === 'desktop')).toBe(true);
    // Naming a device asks about its work alone.
    const laptopTotal = (await desktop.call('appTime', { date: DATE, device: 'laptop' })).totalActiveSeconds;
    const desktopTotal = (await desktop.call('appTime', { date: DATE, device: 'desktop' })).totalActiveSeconds;
    const onLaptop = (await desktop.core.sessions.send(session.id, 'How long was I active today on my laptop?')).turn;
    expect(onLaptop.reply).toContain(`You were active ${formatDuration(laptopTotal)} today`);
    const onDesktop = (await desktop.core.sessions.send(session.id, 'How long was I active today on the desktop?')).turn;
    expect(onDesktop.reply).toContain(`You were active ${formatDuration(desktopTotal)} today`);
    await desktop.core.sessions.idle();
  });

  it('continues a conversation of the other device here, read-only there, and carries the continuation back', async () => {
    const listed = (await desktop.call('listSessions', { limit: 50 })).sessions.find((s) => s.id === laptopSession);
    expect(listed?.device?.name).toBe('laptop');
    const refused = await invokeOperation(desktop.handlers, 'sendMessage', { id: laptopSession, content: 'and Outlook?' });
    expect(refused.ok ? null : refused.error).toMatchObject({ kind: 'conflict', code: 'session_on_other_device' });
    const resumed = await desktop.call('resumeSession', { id: laptopSession });
    expect(resumed.session.id).not.toBe(laptopSession);
    expect(resumed.session.continues).toBe(laptopSession);
    expect(resumed.block).toContain('Excel');
    const again = await desktop.call('resumeSession', { id: laptopSession });
    expect(again.session.id).toBe(resumed.session.id);
    await desktop.core.sessions.send(resumed.session.id, 'And how long in Slack?');
    await desktop.core.sessions.idle();
    const turns = await desktop.call('getTurns', { id: resumed.session.id, from: 1 });
    expect(turns.turns.map((t) => t.prompt)).toEqual(['How long was I in Excel today?', 'And how long in Slack?']);
    await desktop.core.sync.run();
    await laptop.core.sync.run();
    const back = await laptop.call('getSession', { id: resumed.session.id });
    expect(back).toMatchObject({ continues: laptopSession, device: { name: 'desktop' }, turnCount: 2 });
  });

  it("lists and searches each computer's conversations apart, and an agent's current session is this computer's", async () => {
    const all = (await laptop.call('listSessions', { limit: 50 })).sessions;
    // The desktop talked last: its conversations are the newest the laptop holds.
    expect(all[0]!.device?.name).toBe('desktop');
    const own = (await laptop.call('listSessions', { device: 'laptop', limit: 50 })).sessions;
    expect(own.map((s) => s.id)).toContain(laptopSession);
    expect(own.every((s) => s.device?.name === 'laptop')).toBe(true);
    const theirs = (await laptop.call('listSessions', { device: 'desktop', limit: 50 })).sessions;
    expect(theirs.length + own.length).toBe(all.length);
    expect(theirs.every((s) => s.device?.name === 'desktop')).toBe(true);
    // "Slack" was asked on the desktop, continuing the laptop's conversation.
    const slack = (await laptop.call('searchAll', { q: 'how long in Slack', screen: false })).hits;
    expect(slack.find((h) => h.device?.name === 'desktop')?.sessionTitle).toBeDefined();
    const slackHere = (await laptop.call('searchAll', { q: 'how long in Slack', screen: false, device: 'laptop' })).hits;
    expect(slackHere.every((h) => h.device?.name === 'laptop')).toBe(true);
    const zephyr = (await laptop.call('searchAll', { q: 'Zephyr pipeline' })).screen;
    expect(zephyr.length).toBeGreaterThan(0);
    expect(zephyr.every((h) => h.device?.name === 'desktop')).toBe(true);
    expect((await laptop.call('searchAll', { q: 'Zephyr pipeline', device: 'laptop' })).screen).toEqual([]);
    // MCP's session tools default to the current session: this computer's, not the newest synced one.
    const agent = { handlers: laptop.handlers, liveActivity: () => Promise.resolve(null), recentImages: () => ({ refused: 'none here' }) };
    const current = await laptop.call('getSession', { id: await resolveSessionId(agent, undefined) });
    expect(current.device?.name).toBe('laptop');
  });

  it('changes nothing when the same segments are imported again', async () => {
    const before = { counts: rowCounts(desktop.core), digest: importedDigest(desktop.core) };
    databaseOf(desktop.core).prepare(`DELETE FROM sync_segments`).run();
    databaseOf(desktop.core).prepare(`UPDATE devices SET applied_through = 0`).run();
    const again = await desktop.core.sync.run();
    expect(again.imported.segments).toBeGreaterThan(0);
    expect({ counts: rowCounts(desktop.core), digest: importedDigest(desktop.core) }).toEqual(before);
  });

  it('skips a truncated segment, says so in health, and applies it once it is whole', async () => {
    await laptop.core.sessions.send(laptopSession, 'What did I do in NetSuite?');
    await laptop.core.sessions.idle();
    const written = await laptop.core.sync.run();
    expect(written.exported.segments).toBe(1);
    const seq = written.status.outbox.segments;
    const dir = join(folder, laptop.core.sync.status().device.id);
    const file = join(
      dir,
      readdirSync(dir).find((f) => f.includes(String(seq).padStart(8, '0')))!,
    );
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    const before = rowCounts(desktop.core);

    const run = await desktop.core.sync.run();
    expect(run.imported.segments).toBe(0);
    expect(rowCounts(desktop.core)).toEqual(before);
    expect(run.status.problems).toContainEqual(
      expect.objectContaining({ kind: 'corrupt', seq, device: expect.objectContaining({ name: 'laptop' }) }),
    );
    const health = await desktop.call('health', {});
    expect(health.reasons.map((r) => r.code)).toContain('sync_segment_damaged');
    expect((await desktop.call('getTurns', { id: laptopSession, from: 1 })).turns).toHaveLength(1);

    writeFileSync(file, whole);
    const healed = await desktop.core.sync.run();
    expect(healed.imported.segments).toBe(1);
    expect(healed.status.problems).toEqual([]);
    expect((await desktop.call('getTurns', { id: laptopSession, from: 1 })).turns).toHaveLength(2);
  });

  it('carries deletions and retention to the other device', async () => {
    const laptopKey = desktop.core.sync.devices.resolve('laptop')!;
    const count = (table: string, device: number): number =>
      (databaseOf(desktop.core).prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE device = ?`).get(device) as { n: number }).n;
    expect(count('screen_text_entries', laptopKey)).toBeGreaterThan(0);
    const desktopText = count('screen_text_entries', 1);
    // A year later the laptop's retention prunes its screen text; its conversation is deleted by hand.
    (laptop.core.clock as ManualClock).set(Date.parse('2027-03-10T12:00:00Z'));
    applyRetention(laptop.core);
    const continuation = laptop.core.sessions.list({ limit: 50 }).find((s) => s.continues === laptopSession)!;
    laptop.core.sessions.delete(laptopSession);
    await laptop.core.sync.run();
    await desktop.core.sync.run();
    expect(count('screen_text_entries', laptopKey)).toBe(0);
    expect(count('screen_text_entries', 1)).toBe(desktopText);
    expect(desktop.core.sessions.list({ limit: 50 }).map((s) => s.id)).not.toContain(laptopSession);
    // The desktop's continuation is its own and stays.
    expect(desktop.core.sessions.get(continuation.id).continues).toBe(laptopSession);
  });
});
