import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireInstanceLock } from '../../src/core/config/instance-lock';
import { tryExchangeLock } from '../../src/core/sync/exchange-lock';
import { tryPidLock } from '../../src/core/util/pid-lock';

describe('pid locks (the observing app, the sync exchange)', () => {
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'shadow-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('is taken once, refused while a live process holds it, and released', async () => {
    const dir = tempDir();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir, 'app.lock'), String(sleeper.pid));
      writeFileSync(join(dir, 'sync.lock'), String(sleeper.pid));
      expect(() => acquireInstanceLock(dir)).toThrow(`Workflow Shadow is already running for this profile (pid ${sleeper.pid})`);
      expect(tryExchangeLock(dir)).toBeNull();
      expect(tryPidLock(join(dir, 'sync.lock'))).toEqual({ heldBy: sleeper.pid });
    } finally {
      sleeper.kill('SIGKILL');
      await new Promise((resolve) => sleeper.once('exit', resolve));
    }
    // Its holder gone (a crash), the lock is taken over; released, the file is gone.
    const release = tryExchangeLock(dir)!;
    expect(readFileSync(join(dir, 'sync.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'sync.lock'))).toBe(false);
    const releaseApp = acquireInstanceLock(dir);
    expect(readFileSync(join(dir, 'app.lock'), 'utf8')).toBe(String(process.pid));
    releaseApp();
    expect(existsSync(join(dir, 'app.lock'))).toBe(false);
  });
});
