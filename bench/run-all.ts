/**
 * Runs every benchmark in bench/ (each in its own process, one after another), prints a summary
 * table of their figures against the targets and writes them into docs/performance.md's figures table
 * (the rows of the benchmarks that ran; `--no-doc` leaves the doc alone):
 *   npm run bench                 (all)
 *   npm run bench -- --only replay-day,capture-cpu
 * Benchmarks print figures; none asserts. The exit code is not 0 only when a benchmark crashed.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runContext, updatePerformanceDoc } from './lib/performance-doc';
import { figureTable, RESULT_PREFIX, type BenchResult } from './lib/report';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const runTs = fileURLToPath(new URL('../bin/run-ts.js', import.meta.url));
/** The observation figures of issue 2 first; the rest in name order. */
const FIRST = ['replay-day', 'capture-cpu'];

/** Arguments a benchmark runs with here: the year's RSS bar is the engine's as shipped (`--engine`). */
const ARGS: Record<string, readonly string[]> = { 'recall-year': ['--engine'] };

const performanceDoc = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
const { values } = parseArgs({ options: { only: { type: 'string' }, 'no-doc': { type: 'boolean', default: false } } });
const all = readdirSync(benchDir)
  .filter((f) => f.endsWith('.ts') && f !== 'run-all.ts')
  .map((f) => basename(f, '.ts'))
  .sort((a, b) => (FIRST.indexOf(a) + 1 || 99) - (FIRST.indexOf(b) + 1 || 99) || a.localeCompare(b));
const only = values.only?.split(',').map((s) => s.trim());
const unknown = only?.filter((name) => !all.includes(name)) ?? [];
if (unknown.length > 0) {
  console.error(`bench: no benchmark named ${unknown.join(', ')} (there are: ${all.join(', ')})`);
  process.exit(2);
}
const selected = only ? all.filter((name) => only.includes(name)) : all;

function runBench(name: string): Promise<{ code: number | null; seconds: number; results: BenchResult[] }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [runTs, `${benchDir}${name}.ts`, ...(ARGS[name] ?? [])], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const results: BenchResult[] = [];
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines)
        if (line.startsWith(RESULT_PREFIX)) results.push(JSON.parse(line.slice(RESULT_PREFIX.length)) as BenchResult);
    });
    child.on('close', (code) => resolve({ code, seconds: (Date.now() - started) / 1000, results }));
  });
}

const summary: BenchResult[] = [];
const runs: string[][] = [['BENCH', 'EXIT', 'TIME', 'FIGURES']];
let crashed = false;
for (const name of selected) {
  console.log(`\n===== bench/${name}.ts =====`);
  const { code, seconds, results } = await runBench(name);
  if (code !== 0) crashed = true;
  summary.push(...results);
  runs.push([name, String(code), `${seconds.toFixed(0)} s`, results.length ? 'in the table below' : 'printed above']);
}

console.log('\n===== Summary =====\n');
const widths = runs[0]!.map((_, c) => Math.max(...runs.map((r) => r[c]!.length)));
console.log(
  runs
    .map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n'),
);
if (summary.length > 0) {
  const rows = summary.flatMap((r) => r.figures.map((f) => ({ bench: r.bench, f })));
  console.log(
    `\n${figureTable(
      rows.map((r) => r.f),
      (i) => rows[i]!.bench,
    )}`,
  );
}
if (summary.length > 0 && !values['no-doc']) {
  writeFileSync(performanceDoc, updatePerformanceDoc(readFileSync(performanceDoc, 'utf8'), summary, all, runContext()));
  console.log(`\nWrote the figures of ${[...new Set(summary.map((r) => r.bench))].join(', ')} into docs/performance.md.`);
}
process.exit(crashed ? 1 : 0);
