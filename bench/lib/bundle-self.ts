import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * A benchmark bundled (as `npm run build` bundles the CLI), with the OCR process's entry beside it
 * where the recognizer looks first (as in out/cli), so a child can run the code as shipped: not
 * through the tsx loader, whose thread and esbuild service would count in its memory and CPU. The
 * bundle sits inside the repository so its packages resolve from node_modules.
 */
export async function bundleSelf(scriptUrl: string, name: string): Promise<string> {
  const outdir = resolve('.bench-tmp');
  await build({
    entryPoints: { [`${name}.bundle`]: fileURLToPath(scriptUrl), 'ocr-process': resolve('src/core/ocr/ocr-process.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return join(outdir, `${name}.bundle.js`);
}

/** The V8 flags `shadow` itself starts with (bin/shadow.js). */
export const SHIPPED_V8_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=20', '--v8-pool-size=1'] as const;

/** Runs `bundle` with `args` as shipped (SHIPPED_V8_FLAGS); returns the JSON it printed after `prefix`. */
export function runBundled<T>(bundle: string, args: readonly string[], prefix: string, env: NodeJS.ProcessEnv = process.env): T {
  const out = execFileSync(process.execPath, [...SHIPPED_V8_FLAGS, bundle, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
    env,
  });
  const line = out.split('\n').find((l) => l.startsWith(prefix));
  if (!line) throw new Error(`${bundle} ${args.join(' ')} printed no measurement:\n${out}`);
  return JSON.parse(line.slice(prefix.length)) as T;
}
