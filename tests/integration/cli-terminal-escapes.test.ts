import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOf, createShadowCore } from '../../src/core/shadow-core';
import { quietSource } from '../helpers/quiet-core';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

/**
 * Stored text is someone else's text: a window title, screen text, a conversation title, another
 * device's name (issue 25, point 4). Rows are written straight into the store here, past every
 * sanitiser, as an older build or a hostile sync folder could have left them; each command must print
 * their words and none of their escape sequences.
 */
const run = promisify(execFile);
const ESC = '\u001b';
/** Escape sequences a terminal acts on: clear the screen, set the window title, write the clipboard, colour, 8-bit CSI, DCS, a bell. */
const ATTACKS = [
  `${ESC}[2J${ESC}[H`,
  `${ESC}]0;owned by the screen\u0007`,
  `${ESC}]52;c;cm0gLXJmIH4=${ESC}\\`,
  `${ESC}[31;1m`,
  '\u009b2J',
  `${ESC}Pq#0;2;0;0;0${ESC}\\`,
  '\u0007',
];
const hostile = (words: string): string => `${ATTACKS.join('')}${words}\r${ESC}[0m\u202E${ESC}c`;
/** The same in fewer characters, for names the store bounds (a device's 64, a title's 60). */
const short = (words: string): string => `${ESC}[2J${ESC}]0;x\u0007\u009b31m${words}\r\u202E`;
/** Anything a terminal could act on or that would hide text: C0 (but newline and tab), DEL, C1, bidi overrides. */
// eslint-disable-next-line no-control-regex
const UNSAFE_OUTPUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let home: TempShadowHome;

async function shadow(...args: string[]): Promise<string> {
  const { stdout, stderr } = await run(process.execPath, ['bin/shadow.js', ...args], { env: home.env });
  expect(stderr).not.toMatch(UNSAFE_OUTPUT);
  return stdout;
}

beforeAll(() => {
  home = createTempShadowHome();
  const core = createShadowCore({ paths: home.paths, source: quietSource, env: {}, settings: { ocrEnabled: false } });
  const start = Date.now() - 3_600_000;
  const workSession = core.activity.startWorkSession(start, 'desktop');
  const spans = core.activity.spanSink(() => workSession);
  const span = { kind: 'app' as const, app: hostile('Ledger app'), title: hostile('Ledger 2026 window'), privateReason: null };
  spans.open({ ...span, startMs: start, endMs: start + 1_800_000 });
  core.screenText.insert({
    atMs: start + 60_000,
    app: 'Excel',
    title: hostile('Ledger 2026'),
    text: `${hostile('reconcile ledger totals')}\nsecond line`,
  });
  databaseOf(core).prepare(`INSERT INTO devices (id, name) VALUES (?, ?)`).run('00112233445566ff', short('laptop'));
  const session = core.sessions.create({ type: 'chat', title: 'placeholder', tools: [] });
  databaseOf(core)
    .prepare(`UPDATE sessions SET title = ?, context_summary = ? WHERE id = ?`)
    .run(short('Month-end close'), hostile('summary'), session.id);
  core.close();
}, 60_000);

afterAll(() => home?.remove());

describe('the CLI prints stored text without its escape sequences', { timeout: 120_000 }, () => {
  it('shadow sessions, search, today and sync status show the words and drive nothing', async () => {
    const outputs = {
      sessions: await shadow('sessions'),
      search: await shadow('search', 'reconcile', '--screen'),
      today: await shadow('today'),
      sync: await shadow('sync', 'status'),
    };
    for (const [command, out] of Object.entries(outputs)) {
      expect(out, command).not.toMatch(UNSAFE_OUTPUT);
      expect(out, command).not.toContain('owned by the screen');
      expect(out, command).not.toContain('cm0gLXJmIH4=');
    }
    expect(outputs.sessions).toContain('Month-end close');
    expect(outputs.search).toContain('reconcile');
    expect(outputs.today).toContain('Ledger 2026 window');
    expect(outputs.sync).toContain('laptop');
  });

  it('--json keeps the stored value exactly, with every control written as an escape', async () => {
    const out = await shadow('sessions', '--json');
    expect(out).not.toMatch(UNSAFE_OUTPUT);
    const { sessions } = JSON.parse(out) as { sessions: { title: string }[] };
    expect(sessions.map((s) => s.title)).toContain(short('Month-end close'));
  });
});
