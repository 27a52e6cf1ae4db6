import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';
import { formatDateTime } from '../../src/shared/format-date';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';

/**
 * A chat while a recorded day replays on its virtual clock: turns are stamped when they were really
 * sent (not at the replay's frozen end of day), while the answers still read the replayed day.
 */
let home: TempShadowHome;
let engine: RunningEngine;

beforeAll(async () => {
  home = createTempShadowHome();
  const day = await writeTinyDay(
    [
      { app: 'Microsoft Excel', title: 'Ledger 2026.xlsx - Excel', seconds: 900 },
      { app: 'Slack', title: '#finance - Contoso - Slack', seconds: 300 },
    ],
    '2026-03-10T08:30:00.000Z',
  );
  Object.assign(process.env, home.env);
  engine = await startEngine({ port: 0, replayDir: day, settings: { ocrEnabled: false } });
  await engine.replayDone;
});

afterAll(async () => {
  await engine?.stop();
  home?.remove();
});

describe('conversations on a replayed day', () => {
  it('stamps each turn when it was sent and agrees on "last active" everywhere, while answers read the replayed day', async () => {
    const { sessions, clock } = engine.core;
    expect(new Date(clock.now()).toISOString()).toBe('2026-03-10T08:50:00.000Z');
    const session = sessions.create({ type: 'chat', tools: [] });
    const before = Date.now();
    const first = await sessions.send(session.id, 'How long was I in Excel today?');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await sessions.send(session.id, 'And in Slack?');
    const after = Date.now();

    for (const { turn } of [first, second]) {
      expect(Date.parse(turn.createdAt)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(turn.createdAt)).toBeLessThanOrEqual(after);
    }
    expect(Date.parse(second.turn.createdAt) - Date.parse(first.turn.createdAt)).toBeGreaterThanOrEqual(1000);
    expect(first.turn.reply).toContain('15m in Microsoft Excel today');

    const stored = sessions.get(session.id);
    expect(stored.lastActiveAt).toBe(second.turn.completedAt);
    await sessions.idle();
    const resume = sessions.resumeView(session.id);
    expect(resume.block).toContain(`Last active: just now (${formatDateTime(stored.lastActiveAt, { timeZoneName: true })})`);
    const transcript = sessions.export(session.id).files['transcript.md'];
    expect(transcript).toContain(`**You** (${formatDateTime(first.turn.createdAt, { timeZoneName: true })})`);
    expect(transcript).not.toContain(first.turn.createdAt);
  });
});
