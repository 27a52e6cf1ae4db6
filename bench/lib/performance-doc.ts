import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { readBlock, replaceBlock } from '../../scripts/lib/doc-blocks';
import { formatFigure, verdict, type BenchResult } from './report';

/**
 * The figures table of docs/performance.md, written by `npm run bench` from what the benchmarks
 * printed: one row per figure, each saying when, on what and at which commit it was measured. A run of
 * some benchmarks (`--only`) replaces their rows and keeps the others', so every row stays a real
 * measurement; the prose around the block is hand-written.
 */

export const FIGURES_BLOCK = 'bench-figures';

const HEADER = ['bench', 'figure', 'measured', 'target', '', 'when, where'];

export interface FigureRow {
  readonly bench: string;
  readonly figure: string;
  readonly measured: string;
  readonly target: string;
  readonly verdict: string;
  readonly context: string;
}

/** When, on how many cores under what load, at which commit: what a reader needs to weigh a figure. */
export function runContext(now = new Date()): string {
  let commit = 'uncommitted';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // Not a git checkout: the date and machine still say something.
  }
  return `${now.toISOString().slice(0, 10)}, ${cpus().length} cores (load ${loadavg()[0]!.toFixed(1)}), ${commit}`;
}

export function rowsOf(results: readonly BenchResult[], context: string): FigureRow[] {
  return results.flatMap((result) =>
    result.figures.map((f) => ({
      bench: result.bench,
      figure: f.name,
      measured: `${formatFigure(f.value)} ${f.unit}`,
      target: f.targetMax === undefined ? '—' : `≤ ${formatFigure(f.targetMax)} ${f.unit}`,
      verdict: `${verdict(f)}${f.note ? ` ${f.note}` : ''}`.trim(),
      context,
    })),
  );
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');
const uncell = (text: string): string => text.trim().replace(/\\\|/g, '|');

export function renderRows(rows: readonly FigureRow[]): string {
  const lines = rows.map((r) => `| ${[r.bench, r.figure, r.measured, r.target, r.verdict, r.context].map(cell).join(' | ')} |`);
  return [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => '---').join('|')}|`, ...lines].join('\n');
}

export function parseRows(block: string): FigureRow[] {
  return block
    .split('\n')
    .slice(2)
    .filter((line) => line.startsWith('|'))
    .map((line) => {
      const cells = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map(uncell);
      const [bench = '', figure = '', measured = '', target = '', verdictText = '', context = ''] = cells;
      return { bench, figure, measured, target, verdict: verdictText, context };
    });
}

/**
 * The table after a run: the benchmarks that reported replace all their rows; the rest keep theirs.
 * Benchmarks appear in `order` (the files in the order run-all runs them), figures in the order they were printed.
 */
export function mergeRows(previous: readonly FigureRow[], fresh: readonly FigureRow[], order: readonly string[]): FigureRow[] {
  const reported = new Set(fresh.map((r) => r.bench));
  const rows = [...previous.filter((r) => !reported.has(r.bench)), ...fresh];
  // A benchmark file may report under names of its own (`ocr` reports `ocr` and `ocr-day`): ranked by the file's name.
  const rank = (bench: string): number => {
    const file = order.filter((name) => bench === name || bench.startsWith(`${name}-`)).sort((a, b) => b.length - a.length)[0];
    return file === undefined ? order.length : order.indexOf(file);
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row.bench) - rank(b.row.bench) || a.row.bench.localeCompare(b.row.bench) || a.index - b.index)
    .map(({ row }) => row);
}

/** docs/performance.md with its figures table updated by this run's results. */
export function updatePerformanceDoc(doc: string, results: readonly BenchResult[], order: readonly string[], context: string): string {
  const previous = parseRows(readBlock(doc, FIGURES_BLOCK) ?? '');
  return replaceBlock(doc, FIGURES_BLOCK, renderRows(mergeRows(previous, rowsOf(results, context), order)), 'docs/performance.md');
}
