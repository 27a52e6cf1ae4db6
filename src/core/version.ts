import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root';

/** The package version, read once. */
export const VERSION: string = (() => {
  try {
    return (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
})();
