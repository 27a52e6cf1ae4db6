import { execFileSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileAccess } from '../../src/core/file-access/file-access';
import { checkPathText, isInside, sensitiveReason } from '../../src/core/file-access/path-rules';

describe('path rules', () => {
  it('checkPathText resolves relative paths from the base and refuses what cannot be a plain path', () => {
    expect(checkPathText('notes/a.md', '/data')).toBe('/data/notes/a.md');
    expect(checkPathText('/data//notes/./a.md', '/x')).toBe('/data/notes/a.md');
    for (const bad of [
      '',
      '../a',
      'a/../../b',
      'a/..',
      '%2e%2e/a',
      'a%2fb',
      'a\\b',
      '~/a',
      'C:/a',
      'a\u0000b',
      'a\nb',
      `/${'x'.repeat(256)}`,
      `/${'a/'.repeat(600)}`,
    ]) {
      expect(() => checkPathText(bad, '/data'), JSON.stringify(bad.slice(0, 40))).toThrow(expect.objectContaining({ kind: 'invalid' }));
    }
  });

  it('isInside compares whole path segments', () => {
    expect(isInside('/data', '/data')).toBe(true);
    expect(isInside('/data', '/data/a/b')).toBe(true);
    expect(isInside('/data', '/data-evil/a')).toBe(false);
    expect(isInside('/data', '/')).toBe(false);
    expect(isInside('/data', '/data/..foo')).toBe(true);
  });

  it('sensitiveReason names secrets anywhere in the path and leaves ordinary files alone', () => {
    const secrets = [
      '/p/.env',
      '/p/.env.production',
      '/p/.ENV',
      '/p/deploy_key',
      '/p/server.pem',
      '/p/tls.key',
      '/p/cert.p12',
      '/p/cert.pfx',
      '/home/me/.ssh/id_rsa',
      '/p/id_rsa.pub',
      '/p/id_ed25519',
      '/p/credentials',
      '/p/credentials.json',
      '/p/.git-credentials',
      '/p/.git/config',
      '/home/me/.aws/config',
      '/p/.netrc',
      '/p/.npmrc',
      '/p/secrets.yaml',
      '/p/.pgpass',
      '/p/api-token',
      '/p/shadow.db-wal',
    ];
    for (const path of secrets) expect(sensitiveReason(path), path).not.toBeNull();
    for (const path of [
      '/p/notes.md',
      '/p/environment.md',
      '/p/keyboard.txt',
      '/p/.gitignore',
      '/p/.git/HEAD',
      '/p/monkey.ts',
      '/p/key-points.md',
    ]) {
      expect(sensitiveReason(path), path).toBeNull();
    }
  });
});

describe('FileAccess', () => {
  let data: string;
  let outside: string;
  let files: FileAccess;

  beforeEach(() => {
    data = mkdtempSync(join(tmpdir(), 'shadow-fs-data-'));
    outside = mkdtempSync(join(tmpdir(), 'shadow-fs-outside-'));
    files = new FileAccess({ dataDir: data, allowedRoots: [], reservedDirs: ['applets'] });
  });

  afterEach(() => {
    rmSync(data, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('never writes through a symlink planted at the target name', () => {
    writeFileSync(join(outside, 'victim.txt'), 'original');
    symlinkSync(join(outside, 'victim.txt'), join(data, 'planted.txt'));
    expect(() => files.writeFile('planted.txt', 'PWNED')).toThrow(expect.objectContaining({ kind: 'forbidden' }));
    symlinkSync(join(data, 'real.txt'), join(data, 'inner-link.txt'));
    writeFileSync(join(data, 'real.txt'), 'inside');
    expect(() => files.writeFile('inner-link.txt', 'changed')).toThrow(expect.objectContaining({ kind: 'forbidden' }));
    expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('original');
    expect(readFileSync(join(data, 'real.txt'), 'utf8')).toBe('inside');
    expect(lstatSync(join(data, 'planted.txt')).isSymbolicLink()).toBe(true);
  });

  it('overwrites a regular file atomically and refuses reserved folders', () => {
    files.writeFile('a.txt', 'one');
    files.writeFile('a.txt', 'two');
    expect(files.readFile('a.txt')).toMatchObject({ content: 'two', encoding: 'utf8' });
    expect(() => files.writeFile('applets/x/script.js', 'x')).toThrow(expect.objectContaining({ kind: 'forbidden' }));
  });

  it('reads only regular files: a FIFO or a folder is refused without blocking', () => {
    execFileSync('mkfifo', [join(data, 'pipe')]);
    expect(() => files.readFile('pipe')).toThrow(expect.objectContaining({ kind: 'invalid' }));
    mkdirSync(join(data, 'dir'));
    expect(() => files.readFile('dir')).toThrow(expect.objectContaining({ kind: 'invalid' }));
    expect(() => files.readFile('missing.txt')).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('reads invalid UTF-8 as base64', () => {
    writeFileSync(join(data, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    expect(files.readFile('latin1.txt')).toMatchObject({
      encoding: 'base64',
      content: Buffer.from([0x63, 0x61, 0x66, 0xe9]).toString('base64'),
    });
  });
});

/**
 * A folder inside the data directory swapped for a symlink to an outside folder between the check of a
 * path and its open (the race the attack list found: 45 escapes in 4,000 reads by a thread swapping
 * folders). The file API's hook between check and open makes the swap land there every time: against
 * check-then-open code each case below reads, lists or writes outside; the open itself must refuse it.
 */
describe('FileAccess when a folder becomes a symlink between check and open', () => {
  let data: string;
  let outside: string;
  let swaps: number;

  /** The file API over `data`, whose folder `swap` is put aside for a symlink to `outside` between check and open. */
  const racedFiles = (): FileAccess =>
    new FileAccess({
      dataDir: data,
      allowedRoots: [],
      betweenCheckAndOpen: () => {
        renameSync(join(data, 'swap'), join(data, 'away'));
        symlinkSync(outside, join(data, 'swap'));
        swaps++;
      },
    });

  beforeEach(() => {
    data = mkdtempSync(join(tmpdir(), 'shadow-race-data-'));
    outside = mkdtempSync(join(tmpdir(), 'shadow-race-outside-'));
    mkdirSync(join(data, 'swap', 'sub'), { recursive: true });
    writeFileSync(join(data, 'swap', 'file.txt'), 'INSIDE');
    mkdirSync(join(outside, 'sub'));
    writeFileSync(join(outside, 'file.txt'), 'CANARY-outside');
    writeFileSync(join(outside, 'sub', 'secret.txt'), 'CANARY-outside');
    swaps = 0;
  });

  afterEach(() => {
    rmSync(data, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('reads the file when nothing moves, and refuses it when its folder was swapped', () => {
    expect(new FileAccess({ dataDir: data, allowedRoots: [] }).readFile('swap/file.txt').content).toBe('INSIDE');
    expect(() => racedFiles().readFile('swap/file.txt')).toThrow(
      expect.objectContaining({ code: 'forbidden_path', message: expect.stringMatching(/changed while it was being opened/) }),
    );
    expect(swaps).toBe(1);
  });

  it('refuses to list a swapped folder, or a folder inside it', () => {
    // The folder itself is opened without following a link: what is there now is no folder.
    expect(() => racedFiles().list('swap')).toThrow(expect.objectContaining({ code: 'bad_path', message: 'The path is not a folder.' }));
    rmSync(join(data, 'swap'));
    renameSync(join(data, 'away'), join(data, 'swap'));
    expect(() => racedFiles().list('swap/sub')).toThrow(
      expect.objectContaining({ code: 'forbidden_path', message: expect.stringMatching(/changed while it was being opened/) }),
    );
    expect(swaps).toBe(2);
  });

  it('writes nothing outside when the folder it writes into was swapped', () => {
    for (const target of ['swap/out.txt', 'swap/sub/out.txt', 'swap/new/deeper/out.txt']) {
      expect(() => racedFiles().writeFile(target, 'written')).toThrow(
        expect.objectContaining({ code: 'forbidden_path', message: expect.stringMatching(/symlink/) }),
      );
      rmSync(join(data, 'swap'));
      renameSync(join(data, 'away'), join(data, 'swap'));
    }
    expect(swaps).toBe(3);
    expect(readdirSync(outside).sort()).toEqual(['file.txt', 'sub']);
    expect(readdirSync(join(outside, 'sub'))).toEqual(['secret.txt']);
    expect(new FileAccess({ dataDir: data, allowedRoots: [] }).writeFile('swap/out.txt', 'written').size).toBe(7);
  });
});

describe('FileAccess and hard links', () => {
  it('refuses to read or overwrite a file with a second hard link (it may live outside the roots)', () => {
    const data = mkdtempSync(join(tmpdir(), 'shadow-hard-data-'));
    const outside = mkdtempSync(join(tmpdir(), 'shadow-hard-outside-'));
    try {
      writeFileSync(join(outside, 'secret.txt'), 'CANARY-hard-link');
      linkSync(join(outside, 'secret.txt'), join(data, 'innocent.txt'));
      const files = new FileAccess({ dataDir: data, allowedRoots: [] });
      expect(() => files.readFile('innocent.txt')).toThrow(
        expect.objectContaining({ kind: 'forbidden', message: expect.stringMatching(/hard link/) }),
      );
      expect(() => files.writeFile('innocent.txt', 'changed')).toThrow(expect.objectContaining({ kind: 'forbidden' }));
      expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('CANARY-hard-link');
      expect(existsSync(join(data, 'innocent.txt'))).toBe(true);
    } finally {
      rmSync(data, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
