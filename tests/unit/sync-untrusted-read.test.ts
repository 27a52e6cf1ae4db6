import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStamp, isPlainDir, listBounded, readUntrusted, RefusedFileError } from '../../src/core/sync/folder-files';
import { ImportBudget } from '../../src/core/sync/import-budget';

/**
 * Files of the sync folder are read as untrusted input (issue 25): no link followed, only plain files,
 * bytes counted while read through the descriptor, never a size taken from stat.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'shadow-untrusted-'));
  dirs.push(dir);
  return dir;
};

describe('reading a file of the sync folder', () => {
  it('reads a plain file whole, with a stamp that changes when the file is replaced', () => {
    const dir = temp();
    const file = join(dir, 'manifest.json');
    writeFileSync(file, '{"a":1}');
    const read = readUntrusted(file, 1024)!;
    expect(read.bytes.toString()).toBe('{"a":1}');
    expect(read.stamp).toBe(fileStamp(file));
    writeFileSync(join(dir, 'next'), '{"a":22}');
    rmSync(file);
    execFileSync('mv', [join(dir, 'next'), file]);
    expect(fileStamp(file)).not.toBe(read.stamp);
    expect(readUntrusted(join(dir, 'missing'), 1024)).toBeNull();
    expect(fileStamp(join(dir, 'missing'))).toBeNull();
  });

  it('refuses a symbolic link, to /proc/self/pagemap or to a plain file, without reading through it', () => {
    const dir = temp();
    writeFileSync(join(dir, 'real'), 'hello');
    symlinkSync('/proc/self/pagemap', join(dir, 'pagemap'));
    symlinkSync(join(dir, 'real'), join(dir, 'link'));
    for (const name of ['pagemap', 'link']) {
      expect(() => readUntrusted(join(dir, name), 1024)).toThrow(RefusedFileError);
      expect(() => readUntrusted(join(dir, name), 1024)).toThrow(/is a symbolic link/);
    }
  });

  it('stops a /proc file, which says it holds 0 bytes, at the first byte past what it says', () => {
    // Opened directly (no link): what a hard link or a mount inside the folder would give.
    expect(() => readUntrusted('/proc/self/status', 16 * 1024 * 1024)).toThrow(/gives more bytes than its size says/);
    expect(() => readUntrusted('/proc/self/pagemap', 16 * 1024 * 1024)).toThrow(RefusedFileError);
  });

  it('refuses a FIFO at once (never waits for a writer), a folder, and a file over its limit', () => {
    const dir = temp();
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    expect(() => readUntrusted(join(dir, 'fifo'), 1024)).toThrow(/not a plain file \(a FIFO\)/);
    mkdirSync(join(dir, 'folder'));
    expect(() => readUntrusted(join(dir, 'folder'), 1024)).toThrow(/not a plain file \(a folder\)/);
    writeFileSync(join(dir, 'big'), Buffer.alloc(2048));
    expect(() => readUntrusted(join(dir, 'big'), 1024)).toThrow(/over the 1024 bytes/);
    expect(readUntrusted(join(dir, 'big'), 2048)!.bytes.length).toBe(2048);
  });

  it('tells a folder from a link to one, and lists at most the names asked for', () => {
    const dir = temp();
    mkdirSync(join(dir, 'device'));
    symlinkSync('/proc/self', join(dir, 'linked'));
    expect(isPlainDir(join(dir, 'device'))).toBe(true);
    expect(isPlainDir(join(dir, 'linked'))).toBe(false);
    for (let i = 0; i < 50; i++) writeFileSync(join(dir, 'device', `f${i}`), '');
    expect(listBounded(join(dir, 'device'), 20)).toEqual({ names: expect.any(Array), more: true });
    expect(listBounded(join(dir, 'device'), 20).names).toHaveLength(20);
    expect(listBounded(join(dir, 'device'), 50).more).toBe(false);
    expect(listBounded(join(dir, 'nothing'), 50)).toEqual({ names: [], more: false });
  });
});

describe('a device’s budget of one exchange', () => {
  it('says what ran out, in words', () => {
    let now = 0;
    const budget = new ImportBudget({ bytes: 100, unpackedBytes: 1000, records: 10, lines: 20, files: 5, ms: 1000 }, () => now);
    expect(budget.exhausted()).toBeNull();
    budget.charge({ records: 10 });
    expect(budget.exhausted()).toBe('10 records');
    const timed = new ImportBudget({ bytes: 100, unpackedBytes: 1000, records: 10, lines: 20, files: 5, ms: 1000 }, () => now);
    now = 1500;
    expect(timed.exhausted()).toBe('1 s');
  });
});
