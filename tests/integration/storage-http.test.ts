import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/core/api/handlers';
import { resolveProfilePaths } from '../../src/core/config/paths';
import type { ShadowCore } from '../../src/core/shadow-core';
import { openQuietCore } from '../helpers/quiet-core';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http/http-server';
import { FILE_READ_MAX_BYTES, FILE_WRITE_MAX_BYTES, OUTPUT_MAX_BYTES, REQUEST_BODY_MAX_BYTES } from '../../src/shared/contract/limits';

const TOKEN = 'storage-test-token-0123456789abcdef';
const CANARY = 'CANARY-7f3a-never-served';
const SECRET = 'SECRET-VALUE-never-served';

let base: string;
let home: string;
let data: string;
let extra: string;
let outside: string;
let core: ShadowCore;
let http: RunningHttpServer;

/** A raw request: the path and query go on the wire exactly as given (no client-side normalizing). */
function raw(method: string, target: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port: http.port,
        method,
        path: target,
        headers: { authorization: `Bearer ${TOKEN}`, ...(payload !== undefined && { 'content-type': 'application/json' }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const json = async (method: string, target: string, body?: unknown): Promise<any> => {
  const res = await raw(method, target, body);
  expect(res.status, `${method} ${target}: ${res.text}`).toBe(200);
  return JSON.parse(res.text);
};

/** Every file under a folder, with its content, to prove nothing changed there. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile()) out[path] = readFileSync(path, 'utf8');
    else if (entry.isDirectory()) out[path] = '<dir>';
  }
  return out;
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'shadow-storage-'));
  outside = mkdtempSync(join(tmpdir(), 'shadow-outside-'));
  extra = mkdtempSync(join(tmpdir(), 'shadow-extra-root-'));
  const paths = resolveProfilePaths({ SHADOW_HOME: home });
  data = paths.data;
  mkdirSync(join(data, 'notes'), { recursive: true });
  writeFileSync(join(data, 'notes', 'today.md'), '# today\n');
  writeFileSync(join(outside, 'canary.txt'), CANARY);
  mkdirSync(join(outside, 'sub'));
  writeFileSync(join(outside, 'sub', 'canary2.txt'), CANARY);
  writeFileSync(join(extra, 'design.md'), 'design doc');
  // Secrets inside the allowed roots: refused by name even though the roots allow reading.
  for (const name of [
    '.env',
    '.env.local',
    'id_rsa',
    'id_ed25519.pub',
    'server.pem',
    'cert.p12',
    'aws_key',
    'credentials.json',
    '.netrc',
  ]) {
    writeFileSync(join(data, name), SECRET);
  }
  mkdirSync(join(data, 'repo', '.git'), { recursive: true });
  writeFileSync(join(data, 'repo', '.git', 'config'), SECRET);
  mkdirSync(join(extra, '.ssh'));
  writeFileSync(join(extra, '.ssh', 'config'), SECRET);
  // Symlinks planted inside the roots that point out of them.
  symlinkSync(outside, join(data, 'link-out'));
  symlinkSync(join(outside, 'canary.txt'), join(data, 'canary-link.txt'));
  symlinkSync('../../../../../../../../../../..' + outside, join(data, 'relative-link-out'));
  symlinkSync(join(data, '.env'), join(data, 'innocent.txt'));
  symlinkSync('/etc', join(extra, 'etc-link'));
  symlinkSync(join(data, 'loop-b'), join(data, 'loop-a'));
  symlinkSync(join(data, 'loop-a'), join(data, 'loop-b'));

  core = openQuietCore(home, { settings: { allowedRoots: [extra] } });
  http = await startHttpServer({ core, handlers: createHandlers(core), token: TOKEN, port: 0 });
  base = http.url;
});

afterAll(async () => {
  await http?.close();
  core?.close();
  for (const dir of [home, outside, extra]) rmSync(dir, { recursive: true, force: true });
});

const q = (path: string): string => encodeURIComponent(path);

describe('storage API: allowed use', () => {
  it('reads and lists inside the data directory and the allowed roots, and writes under the data directory', async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(await json('GET', `/api/v1/storage/file?path=${q(join(data, 'notes', 'today.md'))}`)).toMatchObject({
      content: '# today\n',
      encoding: 'utf8',
      size: 8,
    });
    expect(await json('GET', `/api/v1/storage/file?path=${q('notes/today.md')}`)).toMatchObject({ content: '# today\n' });
    expect(await json('GET', `/api/v1/storage/file?path=${q(join(extra, 'design.md'))}`)).toMatchObject({ content: 'design doc' });
    const written = await json('POST', '/api/v1/storage/file', { path: join(data, 'scratch', 'new', 'a.txt'), content: 'hello' });
    expect(written).toMatchObject({ size: 5 });
    expect(readFileSync(join(data, 'scratch', 'new', 'a.txt'), 'utf8')).toBe('hello');
    await json('POST', '/api/v1/storage/file', {
      path: 'scratch/bin.dat',
      content: Buffer.from([0, 1, 2, 255]).toString('base64'),
      encoding: 'base64',
    });
    expect(await json('GET', `/api/v1/storage/file?path=${q('scratch/bin.dat')}`)).toMatchObject({
      encoding: 'base64',
      content: 'AAEC/w==',
    });
    const listing = await json('GET', `/api/v1/storage/list?path=${q(data)}`);
    const names = listing.files.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(['notes', 'scratch', 'link-out']));
    expect(names).not.toEqual(expect.arrayContaining(['.env']));
    expect(names.filter((n: string) => /env|id_rsa|pem|p12|_key|credential|netrc/.test(n))).toEqual([]);
    expect((await json('GET', '/api/v1/storage/list')).path).toBe(listing.path);
    expect(await json('GET', '/api/v1/storage/roots')).toMatchObject({ writeRoot: data });
  });

  it("reaches the file API's own limits through HTTP: the body cap never refuses first", async () => {
    const refusal = (res: { status: number; text: string }) => ({ status: res.status, ...JSON.parse(res.text).error });
    writeFileSync(join(data, 'big.bin'), Buffer.alloc(FILE_READ_MAX_BYTES + 1));
    expect(refusal(await raw('GET', `/api/v1/storage/file?path=${q(join(data, 'big.bin'))}`))).toEqual({
      status: 413,
      code: 'file_too_large',
      message: `The file is ${FILE_READ_MAX_BYTES + 1} bytes; at most ${FILE_READ_MAX_BYTES} bytes are read.`,
    });
    writeFileSync(join(data, 'just-fits.bin'), Buffer.alloc(FILE_READ_MAX_BYTES, 1));
    expect(await json('GET', `/api/v1/storage/file?path=${q('just-fits.bin')}`)).toMatchObject({ size: FILE_READ_MAX_BYTES });

    // One byte over the write limit, as text and as base64 (a third larger on the wire): the file API answers, naming its limit.
    const over = Buffer.alloc(FILE_WRITE_MAX_BYTES + 1, 0xff);
    for (const body of [
      { path: 'too-big.txt', content: 'x'.repeat(FILE_WRITE_MAX_BYTES + 1) },
      { path: 'too-big.txt', content: over.toString('base64'), encoding: 'base64' },
    ]) {
      expect(refusal(await raw('POST', '/api/v1/storage/file', body))).toEqual({
        status: 413,
        code: 'file_too_large',
        message: `The content is ${FILE_WRITE_MAX_BYTES + 1} bytes; at most ${FILE_WRITE_MAX_BYTES} bytes are written.`,
      });
    }
    expect(existsSync(join(data, 'too-big.txt'))).toBe(false);
    const fits = Buffer.alloc(FILE_WRITE_MAX_BYTES, 0xff);
    expect(
      await json('POST', '/api/v1/storage/file', { path: 'fits.bin', content: fits.toString('base64'), encoding: 'base64' }),
    ).toMatchObject({
      size: FILE_WRITE_MAX_BYTES,
    });
    expect(readFileSync(join(data, 'fits.bin')).equals(fits)).toBe(true);

    // An output of the largest size, base64, fits under the body cap; one byte more is the output store's refusal.
    const { id } = await json('POST', '/api/v1/sessions', { type: 'chat' });
    const output = (bytes: number) => ({
      kind: 'image',
      content: Buffer.alloc(bytes, 7).toString('base64'),
      encoding: 'base64',
      mimeType: 'image/png',
    });
    expect(await json('POST', `/api/v1/sessions/${id}/outputs`, output(OUTPUT_MAX_BYTES))).toMatchObject({ size: OUTPUT_MAX_BYTES });
    expect(refusal(await raw('POST', `/api/v1/sessions/${id}/outputs`, output(OUTPUT_MAX_BYTES + 1)))).toEqual({
      status: 413,
      code: 'output_too_large',
      message: `The output is ${OUTPUT_MAX_BYTES + 1} bytes; at most ${OUTPUT_MAX_BYTES} bytes are stored. Show a part of it instead.`,
    });

    // Only a body past the cap is the server's own refusal.
    const past = await raw('POST', '/api/v1/storage/file', { path: 'past-cap.txt', content: 'x'.repeat(REQUEST_BODY_MAX_BYTES) });
    expect(refusal(past)).toMatchObject({
      status: 413,
      code: 'body_too_large',
      message: expect.stringContaining(`${REQUEST_BODY_MAX_BYTES} bytes`),
    });
    expect(existsSync(join(data, 'past-cap.txt'))).toBe(false);
  });
});

describe('storage API: attacks', () => {
  const up = '../'.repeat(12);
  /** Query values as an attacker would put them on the wire (already URL-encoded where noted). */
  const readAttacks = (): string[] => [
    q(join(outside, 'canary.txt')),
    q('/etc/passwd'),
    q('/etc/shadow'),
    q('/proc/self/environ'),
    q('/dev/zero'),
    q(`${up}etc/passwd`),
    q(`${data}/../../../../etc/passwd`),
    q(`${data}/${up}${outside.slice(1)}/canary.txt`),
    q(`notes/../../${up}etc/passwd`),
    q('..'),
    q('../'),
    q('./../settings.json'),
    q(join(data, '..', 'settings.json')),
    q(join(data, '..', 'api-token')),
    q(join(data, '..', 'shadow.db')),
    // Encodings of "..": decoded once by the query string, never again.
    `..%2f..%2f..%2f..%2fetc%2fpasswd`,
    `%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
    `%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
    `%252e%252e%252f%252e%252e%252fetc%252fpasswd`,
    `%25252e%25252e%25252fetc%25252fpasswd`,
    `..%252f..%252f..%252fetc%252fpasswd`,
    `%2E%2E%2F%2E%2E%2Fetc%2Fpasswd`,
    `.%2e/.%2e/.%2e/etc/passwd`,
    `%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%afetc%c0%afpasswd`,
    `%e0%80%ae%e0%80%ae/etc/passwd`,
    `..%5c..%5c..%5cetc%5cpasswd`,
    q('..\\..\\..\\etc\\passwd'),
    q(`${data}\\..\\..\\settings.json`),
    `%5c%5c127.0.0.1%5cc%24%5cwindows`,
    q('C:\\Windows\\win.ini'),
    q('~/.ssh/id_rsa'),
    q('~root/.bashrc'),
    // NUL and control bytes.
    q(`${join(data, 'notes', 'today.md')}\u0000.png`),
    `${q(join(outside, 'canary.txt'))}%00`,
    `notes%2ftoday.md%00`,
    q(`notes/today.md\n`),
    // Symlinks that point out of the roots.
    q(join(data, 'canary-link.txt')),
    q(join(data, 'link-out', 'canary.txt')),
    q(join(data, 'link-out', 'sub', 'canary2.txt')),
    q(join(data, 'link-out', 'missing.txt')),
    q(join(data, 'relative-link-out', 'canary.txt')),
    q('link-out/canary.txt'),
    q(join(extra, 'etc-link', 'passwd')),
    q(join(data, 'loop-a', 'x')),
    // Secrets inside the roots, directly or through a symlink.
    q(join(data, '.env')),
    q(join(data, '.env.local')),
    q(join(data, 'id_rsa')),
    q(join(data, 'id_ed25519.pub')),
    q(join(data, 'server.pem')),
    q(join(data, 'cert.p12')),
    q(join(data, 'aws_key')),
    q(join(data, 'credentials.json')),
    q(join(data, '.netrc')),
    q(join(data, 'repo', '.git', 'config')),
    q(join(extra, '.ssh', 'config')),
    q(join(data, 'innocent.txt')),
    // Outside the roots though similar-looking (prefix tricks).
    q(`${data}-evil/x.txt`),
    q(`${extra}x/design.md`),
    q(outside),
    q('/'),
    q(''),
    // Very long paths.
    q(join(data, 'a'.repeat(300))),
    q(`${data}/${'a/'.repeat(600)}x`),
    q(`/${'x'.repeat(5000)}`),
  ];

  it('refuses every read attack with a 4xx and serves none of the protected content', async () => {
    const attacks = readAttacks();
    expect(attacks.length).toBeGreaterThanOrEqual(50);
    const results = await Promise.all(
      attacks.map(async (value) => ({ value, ...(await raw('GET', `/api/v1/storage/file?path=${value}`)) })),
    );
    for (const r of results) {
      expect(r.status, `GET file ${r.value} → ${r.status} ${r.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `GET file ${r.value}`).toBeLessThan(500);
      expect(r.text).not.toContain(CANARY);
      expect(r.text).not.toContain(SECRET);
      expect(r.text).not.toContain('root:');
    }
  });

  it('refuses listing folders outside the roots or through symlinks out', async () => {
    const targets = [
      q(outside),
      q('/etc'),
      q(join(data, 'link-out')),
      q(join(data, 'link-out', 'sub')),
      q(join(extra, 'etc-link')),
      q(join(data, '..')),
      `%2e%2e`,
      `..%2f..`,
      q(join(extra, '.ssh')),
      q(`${data}\u0000`),
    ];
    for (const value of targets) {
      const r = await raw('GET', `/api/v1/storage/list?path=${value}`);
      expect(r.status, `list ${value} → ${r.status} ${r.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.text).not.toContain('canary');
      expect(r.text).not.toContain('passwd');
    }
  });

  it('refuses every write attack with a 4xx and writes nothing outside the data directory', async () => {
    const before = { outside: snapshot(outside), extra: snapshot(extra) };
    const settingsFile = join(data, '..', 'settings.json');
    const targets = [
      join(outside, 'new.txt'),
      join(outside, 'canary.txt'),
      join(extra, 'design.md'),
      join(extra, 'new.txt'),
      settingsFile,
      join(data, '..', 'api-token'),
      join(data, 'link-out', 'new.txt'),
      join(data, 'link-out', 'sub', 'canary2.txt'),
      join(data, 'canary-link.txt'),
      join(data, 'relative-link-out', 'x.txt'),
      'link-out/new.txt',
      `${data}/../../escape.txt`,
      `../escape.txt`,
      '%2e%2e/escape.txt',
      '..%2fescape.txt',
      '..\\escape.txt',
      join(data, '.env'),
      join(data, 'new', '.env.production'),
      join(data, 'keys', 'deploy_key'),
      join(data, 'id_rsa'),
      join(data, 'repo', '.git', 'config'),
      join(data, 'applets', 'git-diff', 'script.js'),
      join(data, 'frames', 'x.png'),
      join(data, 'innocent.txt'),
      join(data, 'notes'),
      data,
      `${data}-evil/x.txt`,
      `notes/x.txt\u0000.png`,
      `/${'x'.repeat(2000)}`,
      join(data, 'loop-a', 'x.txt'),
    ];
    for (const path of targets) {
      const r = await raw('POST', '/api/v1/storage/file', { path, content: 'PWNED' });
      expect(r.status, `POST file ${path.slice(0, 120)} → ${r.status} ${r.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect(snapshot(outside)).toEqual(before.outside);
    expect(snapshot(extra)).toEqual(before.extra);
    expect(readFileSync(join(outside, 'canary.txt'), 'utf8')).toBe(CANARY);
    expect(existsSync(settingsFile)).toBe(false);
    expect(existsSync(join(tmpdir(), 'escape.txt'))).toBe(false);
    expect(readFileSync(join(data, '.env'), 'utf8')).toBe(SECRET);
    expect(existsSync(join(data, 'applets', 'git-diff'))).toBe(false);
    // No stray temp files left behind by refused writes.
    expect(readdirSync(data).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses applet slugs that try to leave the applets folder', async () => {
    for (const slug of ['..', '%2e%2e', '..%2f..%2fetc', 'A-Upper', '.hidden', 'a'.repeat(80)]) {
      const r = await raw('GET', `/api/v1/storage/applet/${slug}`);
      expect(r.status, `applet ${slug} → ${r.status}`).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      const w = await raw('POST', `/api/v1/storage/applet/${slug}/state`, { state: { x: 1 } });
      expect(w.status).toBeGreaterThanOrEqual(400);
      expect(w.status).toBeLessThan(500);
    }
    expect(snapshot(outside)).not.toHaveProperty(join(outside, 'state.json'));
  });
});
