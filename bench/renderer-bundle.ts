/**
 * The window's JavaScript as the browser loads it (after `npm run build`): what the first page needs,
 * and what loads later with the day chart and Markdown, raw and gzipped.
 *   npm run build && node bin/run-ts.js bench/renderer-bundle.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { printFigures } from './lib/report';

const assets = fileURLToPath(new URL('../out/renderer/assets/', import.meta.url));
let files: string[];
try {
  files = readdirSync(assets).filter((f) => f.endsWith('.js'));
} catch {
  console.error('bench: no built renderer in out/renderer: run `npm run build` first');
  process.exit(2);
}
const sizes = files.map((file) => {
  const bytes = readFileSync(join(assets, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
});
// The entry chunk is `index-<hash>.js`; every other chunk is loaded on demand (React.lazy).
const first = sizes.filter((s) => s.file.startsWith('index-'));
const kB = (n: number): number => Math.round(n / 100) / 10;
const sum = (list: typeof sizes, key: 'raw' | 'gzip'): number => list.reduce((n, s) => n + s[key], 0);
for (const s of sizes) console.log(`${s.file.padEnd(36)} ${String(kB(s.raw)).padStart(7)} kB  ${String(kB(s.gzip)).padStart(6)} kB gzip`);
printFigures('renderer-bundle', [
  // Before this round the window was one unminified bundle of 963 kB (962,771 bytes, with the privacy card).
  { name: 'first-load JavaScript', value: kB(sum(first, 'raw')), unit: 'kB', targetMax: 963 },
  { name: 'first-load JavaScript, gzipped', value: kB(sum(first, 'gzip')), unit: 'kB' },
  { name: 'all JavaScript (with lazy chunks)', value: kB(sum(sizes, 'raw')), unit: 'kB' },
]);
