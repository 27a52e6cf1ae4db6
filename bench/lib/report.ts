/** One measured figure, with the target it is compared to (benchmarks print, they never assert). */
export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The figure should stay at or below this. */
  readonly targetMax?: number;
  readonly note?: string;
}

/** Prefix of the machine-readable line `bench/run-all.ts` collects into its summary. */
export const RESULT_PREFIX = 'BENCH_RESULT ';

export interface BenchResult {
  readonly bench: string;
  readonly figures: readonly Figure[];
}

export const verdict = (f: Figure): string => (f.targetMax === undefined ? '' : f.value <= f.targetMax ? 'ok' : 'MISSED');

export const formatFigure = (value: number): string => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2));

/** A text table of figures; with `benchOf`, a first column names each figure's benchmark. */
export function figureTable(figures: readonly Figure[], benchOf?: (index: number) => string): string {
  const rows = [
    [...(benchOf ? ['BENCH'] : []), 'FIGURE', 'VALUE', 'TARGET', ''],
    ...figures.map((f, i) => [
      ...(benchOf ? [benchOf(i)] : []),
      f.name,
      `${formatFigure(f.value)} ${f.unit}`,
      f.targetMax === undefined ? '-' : `≤ ${formatFigure(f.targetMax)} ${f.unit}`,
      `${verdict(f)}${f.note ? ` ${f.note}` : ''}`.trim(),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Prints the figures as a table, then one line for run-all. */
export function printFigures(bench: string, figures: readonly Figure[]): void {
  console.log(`\n${figureTable(figures)}\n`);
  console.log(`${RESULT_PREFIX}${JSON.stringify({ bench, figures } satisfies BenchResult)}`);
}

export const mib = (bytes: number): number => bytes / (1024 * 1024);

/** The p-th percentile (0–100) of samples, nearest rank. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}
