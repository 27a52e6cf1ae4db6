import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveProfilePaths } from '../../src/core/config/paths';
import { createShadowCore } from '../../src/core/shadow-core';

const run = promisify(execFile);
const homes: string[] = [];
let home: string;
let ledgerId: string;

async function shadow(inHome: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', ['bin/shadow.js', ...args], { env: { ...process.env, SHADOW_HOME: inHome, TZ: 'UTC' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

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

  it('a reader that closes the pipe early (`shadow sessions | head`) ends the command quietly, exit 0', async () => {
    const child = spawn('node', ['bin/shadow.js', 'sessions'], {
      env: { ...process.env, SHADOW_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  });
});
