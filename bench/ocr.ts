/**
 * OCR cost and share, printed as figures:
 *   node bin/run-ts.js bench/ocr.ts [--runs 3] [--day profiles/demo/day]
 *
 * 1. Cost per changed frame: every screenshot of the demo day (or generated screens when there is
 *    none) is prepared as the OCR service does (`toOcrImage`) and read by the OCR process (Tesseract,
 *    as shipped) `runs` times; the process's start is timed apart. A greyscale PGM and a 0.75 downscale are
 *    timed on the same frames, interleaved (time, and characters read: fewer means text lost).
 * 2. Share of frames OCR'd: the demo day replayed through the real core at full speed, OCR on:
 *    polls, screenshots taken, frames kept (the only ones OCR reaches), frames OCR'd by the worker.
 *    The same replay with OCR off shows that the capture loop does not wait on OCR.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { ManualClock } from '../src/core/clock';
import { resolveProfilePaths } from '../src/core/config/paths';
import { toGreyscalePgm, toOcrImage } from '../src/core/ocr/ocr-image';
import { createOcrProcessRecognizer } from '../src/core/ocr/ocr-process-recognizer';
import { runReplay } from '../src/core/observe/capture-loop';
import type { ReplaySource } from '../src/core/observe/sources/replay-source';
import { fingerprintImage } from '../src/core/observe/frame-fingerprint';
import { RegionReader } from '../src/core/ocr/region-reader';
import { createShadowCore } from '../src/core/shadow-core';
import { printFigures } from './lib/report';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const RUNS = Number(arg('runs', '3'));
const DAY = resolve(arg('day', 'profiles/demo/day'));

const pct = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (n: number): string => `${n.toFixed(0)} ms`;
const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

async function generatedScreens(): Promise<{ name: string; image: Buffer }[]> {
  const screens: { name: string; image: Buffer }[] = [];
  for (const rows of [5, 15, 30]) {
    let text = '';
    for (let i = 0; i < rows; i++) {
      text += `<text x="40" y="${70 + i * 24}" font-family="DejaVu Sans" font-size="15">Row ${i} invoice ${4400 + i} ACME Supplies payment ledger 1200-${i}</text>`;
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#fff"/>${text}</svg>`;
    screens.push({ name: `generated-${rows}-lines.png`, image: await sharp(Buffer.from(svg)).png().toBuffer() });
  }
  return screens;
}

interface Variant {
  readonly label: string;
  prepare(image: Buffer): Promise<Buffer>;
}

const variants: readonly Variant[] = [
  { label: 'as the service does (toOcrImage)', prepare: (image) => toOcrImage(image) },
  { label: 'greyscale PGM, full size', prepare: (image) => toGreyscalePgm(image, 100_000) },
  {
    label: 'greyscale PGM, downscaled to 0.75',
    prepare: async (image) => toGreyscalePgm(image, Math.round(((await sharp(image).metadata()).width ?? 1280) * 0.75)),
  },
];

async function costPerFrame(): Promise<void> {
  const imagesDir = join(DAY, 'images');
  const screens = existsSync(imagesDir)
    ? readdirSync(imagesDir)
        .sort()
        .map((name) => ({ name, image: readFileSync(join(imagesDir, name)) }))
    : await generatedScreens();
  console.log(
    `\n== OCR cost per changed frame (${screens.length} screenshots from ${existsSync(imagesDir) ? imagesDir : 'generated screens'}, ${RUNS} runs each) ==`,
  );
  const recognizer = createOcrProcessRecognizer();
  const startAt = performance.now();
  await recognizer.recognize(await toOcrImage(screens[0]!.image));
  console.log(`OCR process start + first frame: ${ms(performance.now() - startAt)}`);

  // Variants interleaved frame by frame, so load from other processes hits them alike.
  const times = variants.map(() => ({ prepare: [] as number[], total: [] as number[], chars: 0 }));
  const perScreen = screens.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run++) {
    for (const [s, { image }] of screens.entries()) {
      for (const [v, variant] of variants.entries()) {
        const t0 = performance.now();
        const prepared = await variant.prepare(image);
        const t1 = performance.now();
        const text = await recognizer.recognize(prepared);
        const t2 = performance.now();
        times[v]!.prepare.push(t1 - t0);
        times[v]!.total.push(t2 - t0);
        if (run === 0) times[v]!.chars += text.replace(/\s+/g, '').length;
        if (v === 0) perScreen[s]!.push(t2 - t0);
      }
    }
  }
  for (const [s, { name, image }] of screens.entries()) {
    const { width, height } = await sharp(image).metadata();
    console.log(`  ${name.padEnd(36)} ${width}x${height}  median ${ms(pct(perScreen[s]!, 50)).padStart(8)}`);
  }
  const chosen = times[0]!;
  console.log(
    `per changed frame, as the service does it: mean ${ms(mean(chosen.total))}, p50 ${ms(pct(chosen.total, 50))}, p95 ${ms(pct(chosen.total, 95))} (of which preparing ${ms(mean(chosen.prepare))})`,
  );
  console.log('variants (same frames, interleaved; characters read in one pass, fewer = text lost):');
  for (const [v, variant] of variants.entries()) {
    const t = times[v]!;
    console.log(
      `  ${variant.label.padEnd(40)} p50 ${ms(pct(t.total, 50)).padStart(8)}  mean ${ms(mean(t.total)).padStart(8)}  ${t.chars} chars`,
    );
  }
  await recognizer.terminate();
}

async function replayShare(): Promise<void> {
  if (!existsSync(join(DAY, 'events.jsonl'))) {
    console.log(`\n(no recorded day at ${DAY}: share of frames OCR'd not measured)`);
    return;
  }
  console.log(`\n== Share of frames OCR'd on the day replay (${DAY}) ==`);
  const replay = async (ocrEnabled: boolean) => {
    const home = mkdtempSync(join(tmpdir(), 'shadow-bench-ocr-'));
    const core = createShadowCore({ paths: resolveProfilePaths({ SHADOW_HOME: home }), replayDir: DAY, settings: { ocrEnabled } });
    try {
      core.observer.start();
      const t0 = performance.now();
      await runReplay(core.observer, core.source as ReplaySource, core.clock as ManualClock, {
        pollIntervalMs: core.settings.pollIntervalMs,
        speed: 0,
      });
      const loopMs = performance.now() - t0;
      await core.ocr.whenIdle();
      const drainedMs = performance.now() - t0;
      core.observer.stop('bench');
      return { loopMs, drainedMs, capture: core.observer.health(), ocr: core.ocr.status(), rows: core.screenText.count() };
    } finally {
      core.close();
      rmSync(home, { recursive: true, force: true });
    }
  };
  const off = await replay(false);
  const on = await replay(true);
  const { polls, framesCaptured: kept, framesSkipped: skipped } = on.capture;
  const captures = kept + skipped;
  const ocrRuns = on.ocr.recognized - on.ocr.fromCache;
  const share = (n: number, of: number): string => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;
  console.log(`polls ${polls}, screenshots taken ${captures}, kept (changed, not excluded) ${kept}, skipped as unchanged ${skipped}`);
  console.log(`frames reaching OCR: ${kept} = ${share(kept, captures)} of screenshots, ${share(kept, polls)} of polls`);
  console.log(
    `OCR'd by the worker: ${ocrRuns}, ${on.ocr.partial} of them only in part (the other ${on.ocr.fromCache} needed no OCR: an identical image, or nothing changed in the window); dropped ${on.ocr.dropped}, failed ${on.ocr.failed}`,
  );
  console.log(
    `stored ${on.ocr.stored} rows of text (unchanged ${on.ocr.unchanged}, empty ${on.ocr.empty}); mean OCR ${on.ocr.averageMs} ms per frame`,
  );
  const hours = 8;
  const ocrShare = (ocrRuns * (on.ocr.averageMs ?? 0)) / 1000 / (hours * 3600);
  printFigures('ocr-day', [
    { name: `OCR worker CPU over the demo day (${ocrRuns} frames OCR'd in ${hours} h)`, value: 100 * ocrShare, unit: '% core' },
  ]);
  console.log(
    `replay loop wall time: OCR off ${ms(off.loopMs)}, OCR on ${ms(on.loopMs)} (the loop never awaits OCR; the difference is CPU shared with the worker); OCR done ${ms(on.drainedMs)} after the start`,
  );
}

/** A screen with one line of it rewritten (a band of `height` rows at `top`), as an edit in the same window looks. */
async function edited(image: Buffer, top: number, text: string): Promise<Buffer> {
  const { width = 1280 } = await sharp(image).metadata();
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="28"><rect width="${width}" height="28" fill="#fff"/>` +
    `<text x="60" y="20" font-family="DejaVu Sans" font-size="15">${text}</text></svg>`;
  return sharp(image)
    .composite([{ input: Buffer.from(svg), left: 0, top }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * 3. OCR of what changed: each screen of the day seen first, then edited three times in the same
 *    window (a line rewritten at three heights), the way interval frames of one window differ. Each
 *    frame is read as before (the whole screen) and as the service reads it now (RegionReader: the
 *    whole window the first time, then only the changed bands), interleaved.
 */
async function changedRegions(): Promise<void> {
  const imagesDir = join(DAY, 'images');
  const screens = existsSync(imagesDir) ? readdirSync(imagesDir).sort() : [];
  if (screens.length === 0) return;
  console.log(`\n== OCR of what changed (${screens.length} screens, each seen and then edited 3 times; ${RUNS} runs) ==`);
  const recognizer = createOcrProcessRecognizer();
  await recognizer.recognize(await toOcrImage(readFileSync(join(imagesDir, screens[0]!))));
  const whole: number[] = [];
  const first: number[] = [];
  const edits: number[] = [];
  const shares: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const reader = new RegionReader((image, area) => recognizer.recognizeLines!(image, area));
    for (const name of screens) {
      const base = readFileSync(join(imagesDir, name));
      const sequence: Buffer[] = [base];
      for (const [k, top] of [180, 420, 640].entries())
        sequence.push(
          await edited(sequence.at(-1)!, top, `Edited ${run}-${k}: invoice ${4400 + k} approved for payment by Dana Whitfield`),
        );
      for (const [i, image] of sequence.entries()) {
        const { thumb, width, height } = await fingerprintImage(image);
        const t0 = performance.now();
        await recognizer.recognize(await toOcrImage(image));
        whole.push(performance.now() - t0);
        const t1 = performance.now();
        const read = await reader.read({ app: name, title: name, image, thumb, width, height, monitor: null, focus: null });
        (i === 0 ? first : edits).push(performance.now() - t1);
        if (i > 0) shares.push(read.shareRead);
      }
    }
  }
  await recognizer.terminate();
  const all = [...first, ...edits];
  console.log(`before (whole screen every frame): p50 ${ms(pct(whole, 50))}, p95 ${ms(pct(whole, 95))}`);
  console.log(`now, every changed frame: p50 ${ms(pct(all, 50))}, p95 ${ms(pct(all, 95))}`);
  console.log(
    `  first sight of a window (read whole): p50 ${ms(pct(first, 50))}; an edit in the same window: p50 ${ms(pct(edits, 50))}, rows read ${(100 * mean(shares)).toFixed(0)}% of the window`,
  );
  printFigures('ocr', [
    { name: 'OCR per changed frame, whole screen (before), p50', value: pct(whole, 50), unit: 'ms' },
    { name: 'OCR per changed frame, changed regions (now), p50', value: pct(all, 50), unit: 'ms', targetMax: 250 },
    { name: 'OCR of an edit in the same window, p50', value: pct(edits, 50), unit: 'ms' },
    { name: 'OCR of a first sight of a window, p50', value: pct(first, 50), unit: 'ms' },
  ]);
}

await costPerFrame();
await changedRegions();
await replayShare();
