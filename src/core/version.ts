import { readFileSync } from 'node:fs';

/** The package version, read once (the core runs from source, from a bundle and inside Electron). */
export const VERSION: string = (() => {
  try {
    const url = new URL('../../package.json', import.meta.url);
    return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
})();
