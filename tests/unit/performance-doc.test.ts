import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIGURES_BLOCK, mergeRows, parseRows, renderRows, rowsOf, updatePerformanceDoc } from '../../bench/lib/performance-doc';
import { readBlock } from '../../scripts/lib/doc-blocks';

/** docs/performance.md's figures table is what `npm run bench` wrote, and a partial run keeps the other benchmarks' rows. */
const benchDir = fileURLToPath(new URL('../../bench/', import.meta.url));
const benchFiles = readdirSync(benchDir)
  .filter((f) => f.endsWith('.ts') && f !== 'run-all.ts')
  .map((f) => basename(f, '.ts'));
const ORDER = ['replay-day', 'capture-cpu', 'ocr', 'sessions'];
const DOC = `# Perf\n\nProse before.\n\n<!-- generated:${FIGURES_BLOCK} -->\n<!-- end generated:${FIGURES_BLOCK} -->\n\nProse after.\n`;

describe('the figures table of docs/performance.md', () => {
  it('is written from the results, a row per figure, with its target, verdict and where it was measured', () => {
    const doc = updatePerformanceDoc(
      DOC,
      [
        {
          bench: 'replay-day',
          figures: [
            { name: 'replay 8h wall time (OCR off)', value: 0.78, unit: 's', targetMax: 30 },
            { name: 'core process peak RSS (OCR on)', value: 151.2, unit: 'MiB', targetMax: 150, note: 'one | pipe' },
          ],
        },
      ],
      ORDER,
      '2026-11-26, 2 cores (load 1.0), abc1234',
    );
    expect(doc.startsWith('# Perf\n\nProse before.\n\n')).toBe(true);
    expect(doc.endsWith('\n\nProse after.\n')).toBe(true);
    expect(parseRows(readBlock(doc, FIGURES_BLOCK)!)).toEqual([
      {
        bench: 'replay-day',
        figure: 'replay 8h wall time (OCR off)',
        measured: '0.78 s',
        target: '≤ 30.00 s',
        verdict: 'ok',
        context: '2026-11-26, 2 cores (load 1.0), abc1234',
      },
      {
        bench: 'replay-day',
        figure: 'core process peak RSS (OCR on)',
        measured: '151 MiB',
        target: '≤ 150 MiB',
        verdict: 'MISSED one | pipe',
        context: '2026-11-26, 2 cores (load 1.0), abc1234',
      },
    ]);
  });

  it("replaces only the rows of the benchmarks that ran, in run order, and keeps a file's own result names together", () => {
    const old = [
      ...rowsOf([{ bench: 'sessions', figures: [{ name: 'toc p95', value: 6, unit: 'ms', targetMax: 20 }] }], 'earlier'),
      ...rowsOf([{ bench: 'ocr', figures: [{ name: 'ocr p50', value: 103, unit: 'ms', targetMax: 250 }] }], 'earlier'),
      ...rowsOf([{ bench: 'ocr-day', figures: [{ name: 'frames kept', value: 99, unit: 'frames' }] }], 'earlier'),
    ];
    const fresh = rowsOf(
      [
        { bench: 'ocr', figures: [{ name: 'ocr p50', value: 98, unit: 'ms', targetMax: 250 }] },
        { bench: 'replay-day', figures: [{ name: 'wall', value: 1, unit: 's' }] },
      ],
      'now',
    );
    const merged = mergeRows(parseRows(renderRows(old)), fresh, ORDER);
    expect(merged.map((r) => `${r.bench}: ${r.figure} ${r.measured} (${r.context})`)).toEqual([
      'replay-day: wall 1.00 s (now)',
      'ocr: ocr p50 98.00 ms (now)',
      'ocr-day: frames kept 99.00 frames (earlier)',
      'sessions: toc p95 6.00 ms (earlier)',
    ]);
  });

  it('in the repository parses, and names only benchmarks that exist', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../docs/performance.md', import.meta.url)), 'utf8');
    const block = readBlock(doc, FIGURES_BLOCK);
    expect(block, `docs/performance.md lacks its <!-- generated:${FIGURES_BLOCK} --> block`).not.toBeNull();
    expect(renderRows(parseRows(block!))).toBe(block);
    const stale = parseRows(block!).filter((r) => !benchFiles.some((file) => r.bench === file || r.bench.startsWith(`${file}-`)));
    expect(
      stale.map((r) => r.bench),
      'rows of benchmarks bench/ no longer has: run `npm run bench` or remove them',
    ).toEqual([]);
  });
});
