import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnShadow, waitForOutput } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';

/**
 * The OCR process (Tesseract, ~240 MiB) never outlives the engine that forked it (issue 13, point 7),
 * also when the engine is killed with SIGKILL and cannot say goodbye.
 */
const dayDir = fileURLToPath(new URL('../../profiles/demo/day', import.meta.url));
let home: TempShadowHome;

afterAll(() => home?.remove());

/** Still running: it exists and is not a zombie (a dead process waiting for its new parent to reap it). */
function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

describe('the OCR process', { timeout: 90_000 }, () => {
  it('exits once its engine is killed with SIGKILL', async () => {
    home = createTempShadowHome('shadow-ocr-exit-');
    const engine = spawnShadow(['start', '--headless', '--port', '0', '--replay', dayDir, '--speed', '20'], {
      ...home.env,
      SHADOW_API_TOKEN: 'ocr-exit-token-0123456789',
    });
    const log: string[] = [];
    engine.stdout!.on('data', (c: Buffer) => log.push(c.toString()));
    engine.stderr!.on('data', (c: Buffer) => log.push(c.toString()));
    await waitForOutput(engine, /API:/, 60_000, log);
    const [ocr] = await waitFor(() => childrenOf(engine.pid!), {
      what: 'the OCR process to start on the first frames',
      until: (pids) => pids.length > 0,
      timeoutMs: 60_000,
    });
    expect(running(ocr!)).toBe(true);
    expect(readFileSync(`/proc/${ocr}/cmdline`, 'utf8')).toMatch(/ocr-process/);
    const exited = new Promise((resolve) => engine.once('exit', resolve));
    engine.kill('SIGKILL');
    await exited;
    // Its idle exit (two minutes without frames) was the engine's timer and died with it, so only noticing
    // the engine's death (its IPC channel closing) can end it. How fast is for a benchmark, not a test.
    try {
      await waitFor(() => running(ocr!), {
        what: 'the OCR process to exit after its engine died',
        until: (alive) => !alive,
        timeoutMs: 30_000,
      });
    } finally {
      if (running(ocr!)) process.kill(ocr!, 'SIGKILL');
    }
  });
});
