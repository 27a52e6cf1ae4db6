import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coverage, Health, Turn } from '../../src/shared/contract/index';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../helpers/fake-openai-server';
import { spawnShadow, startHeadlessShadow, TEST_API_TOKEN, type ShadowProcess } from '../helpers/shadow-process';
import { writeTinyDay } from '../helpers/tiny-day';
import { waitFor } from '../helpers/wait';

/**
 * Writes that fail (issue 13, point 3), on a real small file system: the engine runs in a mount
 * namespace of its own (`unshare -m`, as root) with its profile on a 24 MB tmpfs that the test fills
 * with `dd` and empties again, then on a profile mounted read-only. Nothing answers a 500: writes get
 * 503 storage_unavailable with what to do, capture pauses itself and resumes by itself, no reply stays
 * `streaming`, no temporary file is left, and what was acknowledged before is still there.
 */

interface Answer {
  readonly status: number;
  readonly body: { error?: { code: string; message: string } } & Record<string, unknown>;
  readonly text: string;
}

async function call(shadow: ShadowProcess, method: string, path: string, body?: unknown, accept?: string): Promise<Answer> {
  const res = await fetch(`${shadow.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TEST_API_TOKEN}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(accept && { accept }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(text) as Answer['body']) : {};
  return { status: res.status, body: json, text };
}

/** Runs a shell command inside the engine's mount namespace (where its tmpfs is). */
function inside(pid: number, script: string): string {
  return execFileSync('nsenter', ['-t', String(pid), '-m', '--', 'sh', '-c', script], { encoding: 'utf8' });
}

const T_LONG_DAY = [
  { app: 'Excel', title: 'Ledger.xlsx', seconds: 300 },
  { app: 'Firefox', title: 'Bank portal', seconds: 300 },
  { app: 'Excel', title: 'Ledger.xlsx', seconds: 600 },
];

describe('a full disk', { timeout: 180_000 }, () => {
  let mnt: string;
  let shadow: ShadowProcess;
  let llm: FakeOpenAiServer;
  let sessionId: string;
  let pid: number;

  beforeAll(async () => {
    mnt = mkdtempSync(join(tmpdir(), 'shadow-tmpfs-'));
    const day = await writeTinyDay(T_LONG_DAY);
    // Streamed replies come slowly (a reply a person watches grow); memory's own calls answer at once.
    llm = await startFakeOpenAiServer((request) =>
      request.body.stream ? { text: 'Reconciling the ledger line by line. '.repeat(12), chunkDelayMs: 150 } : { text: 'ok' },
    );
    const profile = `${mnt}/home/profiles/default`;
    const launcher = [
      'unshare',
      '-m',
      '--propagation',
      'private',
      'sh',
      '-c',
      `mount -t tmpfs -o size=24m tmpfs "${mnt}" && mkdir -p "${profile}" && printf '{"ocrEnabled":false}' > "${profile}/settings.json" && exec "$@"`,
      'launcher',
    ];
    const env = {
      ...process.env,
      SHADOW_HOME: `${mnt}/home`,
      SHADOW_PROFILE: 'default',
      TZ: 'UTC',
      OPENAI_BASE_URL: llm.baseUrl,
      SHADOW_LLM_MODEL: 'fake-model',
    };
    shadow = await startHeadlessShadow(['--replay', day, '--speed', '1', '--interval', '5'], env, 60_000, launcher);
    pid = shadow.child.pid!;
    await waitFor(() => shadow.get<Health>('/health'), { what: 'observing the replay', until: (h) => h.capture.state === 'observing' });
    sessionId = (await shadow.post<{ id: string }>('/sessions', { type: 'chat', title: 'Ledger', tools: [] })).id;
    await shadow.post(`/sessions/${sessionId}/messages`, { content: 'How long was I in the ledger?' });
  }, 120_000);

  afterAll(async () => {
    await shadow?.stop();
    await llm?.close();
    if (mnt) rmSync(mnt, { recursive: true, force: true });
  });

  it('answers writes with 503 storage_unavailable, pauses capture with the reason and leaves no reply streaming', async () => {
    // The reply streams; the disk fills up under it.
    const streaming = call(shadow, 'POST', `/sessions/${sessionId}/messages`, { content: 'Reconcile the ledger' }, 'text/event-stream');
    await waitFor(() => llm.requests.filter((r) => r.body.stream).length, { what: 'the streamed reply to start', until: (n) => n >= 2 });
    inside(pid, `dd if=/dev/zero of="${mnt}/fill" bs=64k 2>/dev/null; df -k "${mnt}" | tail -1`);
    const stream = await streaming;
    expect(stream.status).toBe(200);
    expect(stream.text).toMatch(
      /event: error\ndata: \{"code":"storage_unavailable","message":"The disk holding your Workflow Shadow profile is full/,
    );

    const created = await call(shadow, 'POST', '/sessions', { type: 'chat', tools: [] });
    expect(created.status).toBe(503);
    expect(created.body.error).toMatchObject({ code: 'storage_unavailable', message: expect.stringMatching(/is full.*Free some space/) });
    const file = await call(shadow, 'POST', '/storage/file', { path: 'notes/today.md', content: 'x'.repeat(200_000) });
    expect(file.status).toBe(503);
    const applet = await call(shadow, 'PUT', '/storage/applet/ledger-view', { name: 'Ledger view', html: `<p>${'x'.repeat(100_000)}</p>` });
    expect(applet.status).toBe(503);

    const health = await waitFor(() => shadow.get<Health>('/health'), {
      what: 'capture to pause itself',
      until: (h) => h.capture.state === 'unavailable',
    });
    expect(health.status).toBe('failing');
    expect(health.reasons[0]).toMatchObject({ code: 'storage_unavailable', action: expect.stringMatching(/Free some space/) });
    expect(health.capture.pausedReason).toMatch(/is full/);
    // Reads go on.
    expect((await call(shadow, 'GET', `/sessions/${sessionId}/turns?from=1`)).status).toBe(200);
    // No temporary file, no half-saved applet.
    expect(inside(pid, `find "${mnt}/home" -name '*.tmp'`).trim()).toBe('');
    expect(inside(pid, `ls "${mnt}/home/profiles/default/data/applets" 2>/dev/null || true`).trim()).toBe('');
  });

  it('resumes by itself once space is free, with everything acknowledged still there', async () => {
    inside(pid, `rm -f "${mnt}/fill"`);
    const health = await waitFor(() => shadow.get<Health>('/health'), {
      what: 'capture to resume by itself',
      until: (h) => h.status === 'ok' && h.capture.state === 'observing',
      timeoutMs: 30_000,
    });
    expect(health.reasons).toEqual([]);
    const { turns } = await shadow.get<{ turns: Turn[] }>(`/sessions/${sessionId}/turns?from=1`);
    expect(turns.map((t) => [t.number, t.status])).toEqual([
      [1, 'complete'],
      [2, 'interrupted'],
    ]);
    expect(turns[0]!.reply).not.toBe('');
    expect((await call(shadow, 'POST', '/sessions', { type: 'chat', tools: [] })).status).toBe(200);
    expect((await call(shadow, 'PUT', '/storage/applet/ledger-view', { name: 'Ledger view', html: '<p>ok</p>' })).status).toBe(200);
    // The gap is on record with its reason, and observing goes on after it (from the first poll after resuming).
    const coverage = await waitFor(() => shadow.get<Coverage>('/observation/coverage?date=2026-11-02'), {
      what: 'observed time after the gap',
      until: (c) => c.stretches.at(-1)?.reason === 'observing',
    });
    const gap = coverage.stretches.find((s) => s.reason === 'storage_error');
    expect(gap).toMatchObject({ observed: false, label: expect.stringMatching(/nothing could be saved/) });
  });
});

describe('a read-only profile', { timeout: 120_000 }, () => {
  let home: string;
  let profile: string;
  let day: string;
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, SHADOW_HOME: home, SHADOW_PROFILE: 'default', TZ: 'UTC' });
  const readOnly = (): string[] => [
    'unshare',
    '-m',
    '--propagation',
    'private',
    'sh',
    '-c',
    `mount --bind "${profile}" "${profile}" && mount -o remount,bind,ro "${profile}" && exec "$@"`,
    'launcher',
  ];

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'shadow-ro-'));
    profile = join(home, 'profiles', 'default');
    mkdirSync(profile, { recursive: true });
    writeFileSync(join(profile, 'settings.json'), '{"ocrEnabled":false}');
    day = await writeTinyDay(T_LONG_DAY);
  });

  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('starts, serves what it has, and says in health that nothing can be saved', async () => {
    // A first run stores a conversation, then dies without closing (its WAL stays, as after a crash).
    const first = await startHeadlessShadow(['--replay', day, '--speed', '1'], env());
    const { id } = await first.post<{ id: string }>('/sessions', { type: 'chat', title: 'Before the crash', tools: [] });
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const shadow = await startHeadlessShadow(['--replay', day, '--speed', '1'], env(), 60_000, readOnly());
    try {
      const health = await waitFor(() => shadow.get<Health>('/health'), {
        what: 'health to say the profile is read-only',
        until: (h) => h.status === 'failing' && h.capture.state === 'unavailable',
      });
      expect(health.reasons[0]).toMatchObject({
        code: 'storage_unavailable',
        message: expect.stringMatching(/read-only/),
        action: expect.stringMatching(/writable/),
      });
      expect(shadow.output()).toMatch(/Status:\s+Not observing: Your Workflow Shadow profile folder cannot be written/);
      expect((await shadow.get<{ title: string }>(`/sessions/${id}`)).title).toBe('Before the crash');
      const write = await call(shadow, 'POST', '/sessions', { type: 'chat', tools: [] });
      expect(write.status).toBe(503);
      expect(write.body.error).toMatchObject({ code: 'storage_unavailable', message: expect.stringMatching(/read-only/) });
      const fileWrite = await call(shadow, 'POST', '/storage/file', { path: 'a.txt', content: 'x' });
      expect(fileWrite.status).toBe(503);
    } finally {
      await shadow.stop();
    }
  });

  it('refuses to start with a clear message when the database cannot even be opened', async () => {
    // After a clean stop the WAL is gone, and SQLite cannot open a WAL database in a read-only folder.
    const clean = await startHeadlessShadow([], env());
    await clean.stop();
    const child = spawnShadow(['start', '--headless', '--port', '0'], env(), readOnly());
    const log: string[] = [];
    child.stderr!.on('data', (c: Buffer) => log.push(c.toString()));
    child.stdout!.on('data', (c: Buffer) => log.push(c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(log.join('')).toMatch(/Cannot open the database in .*profiles\/default: Your Workflow Shadow profile folder cannot be written/);
  });
});
