import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOcrProcessRecognizer } from '../../src/core/ocr/ocr-process-recognizer';
import type { TextRecognizer } from '../../src/core/ocr/text-recognizer';
import { waitFor } from '../helpers/wait';

/** Pids of this process's children running the OCR entry (read from /proc: the recognizer does not expose them). */
function ocrChildren(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (parent === process.pid && cmdline.includes('ocr-process')) pids.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** Waits until no OCR process of ours is left; a timeout names the pids still running. */
async function noOcrChildren(what: string): Promise<void> {
  await waitFor(ocrChildren, { what, until: (pids) => pids.length === 0, intervalMs: 50 });
}

function textImage(words: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="160"><rect width="900" height="160" fill="#fff"/>` +
    `<text x="30" y="95" font-family="DejaVu Sans" font-size="40" fill="#000">${words}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('OCR in its own process', () => {
  let invoice: Buffer;
  let recognizer: TextRecognizer;

  beforeAll(async () => {
    invoice = await textImage('Invoice 4471 approved');
  });

  afterEach(async () => {
    await recognizer.terminate();
  });

  it('reads text in a child process started by the first image, and reports its memory', async () => {
    recognizer = createOcrProcessRecognizer();
    expect(ocrChildren()).toHaveLength(0);
    expect(recognizer.peakRssBytes?.()).toBeNull();

    const text = await recognizer.recognize(invoice);
    expect(text).toMatch(/Invoice 4471 approved/);
    expect(ocrChildren()).toHaveLength(1);
    // Tesseract's engine lives there, not here.
    expect(recognizer.peakRssBytes?.()).toBeGreaterThan(50 * 1024 * 1024);

    await recognizer.terminate();
    await noOcrChildren('the OCR process to exit');
  }, 60_000);

  it('fails the frame being read when the process dies, and starts a new one for the next image', async () => {
    recognizer = createOcrProcessRecognizer();
    await recognizer.recognize(invoice);
    const [first] = ocrChildren();

    const reading = recognizer.recognize(invoice);
    process.kill(first!, 'SIGKILL');
    await expect(reading).rejects.toThrow(/OCR process exited \(SIGKILL\)/);

    expect(await recognizer.recognize(await textImage('Ledger 2026 reconciled'))).toMatch(/Ledger 2026 reconciled/);
    const [second] = ocrChildren();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  }, 60_000);

  it('gives its memory back after a while without frames, and comes back for the next one', async () => {
    recognizer = createOcrProcessRecognizer({ idleExitMs: 300 });
    await recognizer.recognize(invoice);
    expect(ocrChildren()).toHaveLength(1);
    await noOcrChildren('the idle OCR process to exit');
    expect(await recognizer.recognize(invoice)).toMatch(/Invoice 4471/);
  }, 60_000);

  it('never keeps a program alive while it waits for frames', async () => {
    recognizer = createOcrProcessRecognizer();
    const script = fileURLToPath(new URL('../fixtures/ocr-once.ts', import.meta.url));
    const runTs = fileURLToPath(new URL('../../bin/run-ts.js', import.meta.url));
    // Under the 60 s idle exit: the program ends when its work is done, and its OCR process with it.
    const { stdout } = await promisify(execFile)(process.execPath, [runTs, script], { timeout: 30_000 });
    expect(stdout).toMatch(/Receipt 7719/);
  }, 60_000);

  it('answers every image with its own text when several wait at once', async () => {
    recognizer = createOcrProcessRecognizer();
    const words = ['Alpha 1001', 'Bravo 2002', 'Charlie 3003'];
    const texts = await Promise.all((await Promise.all(words.map(textImage))).map((image) => recognizer.recognize(image)));
    texts.forEach((text, i) => expect(text).toContain(words[i]));
  }, 60_000);
});
