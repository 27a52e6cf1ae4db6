import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveProfilePaths } from '../../src/core/config/paths';
import { databaseOf, createShadowCore } from '../../src/core/shadow-core';
import { runShadow, spawnShadow } from '../helpers/shadow-process';

const homes: string[] = [];
let home: string;
let ledgerId: string;

const shadow = (inHome: string, ...args: string[]) => runShadow(args, { ...process.env, SHADOW_HOME: inHome, TZ: 'UTC' });

const newHome = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'shadow-session-cli-'));
  homes.push(dir);
  return dir;
};

beforeAll(async () => {
  home = newHome();
  const core = createShadowCore({ paths: resolveProfilePaths({ SHADOW_HOME: home }), role: 'reader' });
  const ledger = core.sessions.create({ type: 'ticket', title: 'Ledger export bug', tools: [] });
  ledgerId = ledger.id;
  await core.sessions.send(ledger.id, 'The ledger export drops the quokka column');
  await core.sessions.send(ledger.id, 'It happens only for March');
  core.contextSets.replaceAll(ledger.id, { tickets: ['AP-42'] });
  const other = core.sessions.create({ type: 'chat', title: 'Vacation planning', tools: [] });
  await core.sessions.send(other.id, 'Plan a week in Lisbon');
  await core.sessions.idle();
  core.close();
});

afterAll(() => {
  for (const dir of homes) rmSync(dir, { recursive: true, force: true });
});

describe('session CLI commands', { timeout: 120_000 }, () => {
  it('shadow sessions lists and fuzzy-matches; --json gives the sessions', async () => {
    const all = await shadow(home, 'sessions', '--json');
    expect(all.code).toBe(0);
    expect((JSON.parse(all.stdout) as { sessions: { title: string }[] }).sessions.map((s) => s.title).sort()).toEqual([
      'Ledger export bug',
      'Vacation planning',
    ]);
    const fuzzy = await shadow(home, 'sessions', 'ledgr', 'bug');
    expect(fuzzy.stdout).toMatch(/ID\s+TYPE\s+STATUS\s+LAST ACTIVE\s+TURNS\s+TITLE/);
    expect(fuzzy.stdout).toContain('Ledger export bug');
    expect(fuzzy.stdout).not.toContain('Vacation planning');
    const bad = await shadow(home, 'sessions', '--status', 'sleeping');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--status: /);
  });

  it('shadow toc and shadow search --sessions find turns by title words and by content', async () => {
    const toc = await shadow(home, 'toc', 'ledger', 'export');
    expect(toc.stdout).toContain('1. The ledger export drops the quokka column\n2. It happens only for March');
    const search = await shadow(home, 'search', 'quokka', '--sessions', '--json');
    const result = JSON.parse(search.stdout) as { sessions: { hits: { sessionId: string; turn: number; snippet: string }[] } };
    expect(result.sessions.hits).toEqual([
      expect.objectContaining({ sessionId: ledgerId, turn: 1, snippet: expect.stringContaining('**quokka**') }),
    ]);
    const missing = await shadow(home, 'toc', 'nothing like this at all');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No session matches/);
  });

  it('shadow resume prints the [RESUMED CONVERSATION] block when the app is not running', async () => {
    const res = await shadow(home, 'resume', 'Ledger export', '--history');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^\[RESUMED CONVERSATION\]/);
    expect(res.stdout).toContain('Conversation: ticket / Ledger export bug');
    expect(res.stdout).toContain('Messages: 2 exchanges');
    expect(res.stdout).toContain('[user] It happens only for March');
    expect(res.stdout).toMatch(/The app is not running/);
    expect(res.stdout).toContain('AP-42');
  });

  it('shadow export writes the three files and shadow import restores the same session elsewhere', async () => {
    const out = join(newHome(), 'export');
    const exported = await shadow(home, 'export', ledgerId, '--out', out);
    expect(exported.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['messages.jsonl', 'session.json', 'transcript.md']);
    const target = newHome();
    const imported = await shadow(target, 'import', out, '--json');
    expect(imported.code).toBe(0);
    const original = await shadow(home, 'sessions', ledgerId, '--json');
    const copy = await shadow(target, 'sessions', '--json');
    expect(JSON.parse(copy.stdout)).toEqual(JSON.parse(original.stdout));
    // Its context sets came along.
    expect((await shadow(target, 'resume', ledgerId)).stdout).toContain('AP-42');
    const again = await shadow(target, 'import', out);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
  });

  it('shadow sessions delete removes a conversation with its turns, outputs and context sets, by exact id only', async () => {
    const inHome = newHome();
    const core = createShadowCore({ paths: resolveProfilePaths({ SHADOW_HOME: inHome }), role: 'reader' });
    const doomed = core.sessions.create({ type: 'ticket', title: 'Duplicate vendor bill', tools: [] });
    await core.sessions.send(doomed.id, 'Vendor bill 7781 was entered twice');
    await core.sessions.send(doomed.id, 'Void the second copy');
    core.contextSets.replaceAll(doomed.id, { tickets: ['AP-77'] });
    core.outputs.store(doomed.id, { kind: 'command', content: 'voided 7781-B', encoding: 'utf8', metadata: {}, turn: 2 });
    const kept = core.sessions.create({ type: 'chat', title: 'Kept conversation', tools: [] });
    await core.sessions.send(kept.id, 'Keep this one');
    await core.sessions.idle();
    core.close();

    const byTitle = await shadow(inHome, 'sessions', 'delete', 'Duplicate vendor bill');
    expect(byTitle.code).toBe(2);
    expect(byTitle.stderr).toMatch(/a session id looks like "ses_"/);
    const deleted = await shadow(inHome, 'sessions', 'delete', doomed.id);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout.trim()).toBe(`Deleted ${doomed.id} "Duplicate vendor bill" and its 2 turns.`);
    const again = await shadow(inHome, 'sessions', 'delete', doomed.id, '--json');
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`shadow: Session ${doomed.id} was not found`);

    const after = createShadowCore({ paths: resolveProfilePaths({ SHADOW_HOME: inHome }), role: 'reader' });
    try {
      expect(after.sessions.list({ limit: 10 }).map((s) => s.id)).toEqual([kept.id]);
      const left = (table: string): number =>
        (databaseOf(after).prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE session_id = ?`).get(doomed.id) as { n: number }).n;
      expect(['turns', 'session_title_history', 'session_context', 'outputs'].map(left)).toEqual([0, 0, 0, 0]);
      expect(after.sessions.search(kept.id, 'keep', 5)).toHaveLength(1);
      expect(after.sessions.searchAll({ q: 'vendor', screen: false, limit: 5 }).hits).toEqual([]);
    } finally {
      after.close();
    }
  });

  it('a reader that closes the pipe early (`shadow sessions | head`) ends the command quietly, exit 0', async () => {
    const child = spawnShadow(['sessions'], { ...process.env, SHADOW_HOME: home });
    child.stdout!.destroy();
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  });
});
