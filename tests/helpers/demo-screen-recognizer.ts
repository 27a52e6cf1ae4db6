import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_SCREENS } from '../../scripts/day/demo-screens';
import type { TextRecognizer } from '../../src/core/ocr/text-recognizer';

/** What a perfect OCR reads on one demo screen: its title bar, heading, lines and table rows, as drawn. */
export function demoScreenText(screen: (typeof DEMO_SCREENS)[keyof typeof DEMO_SCREENS]): string {
  const lines: readonly string[] = 'lines' in screen ? screen.lines : [];
  const table: readonly (readonly string[])[] = 'table' in screen ? screen.table : [];
  return [screen.windowTitle, screen.heading, ...lines, ...table.map((row) => row.filter(Boolean).join(' '))]
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/**
 * Reads the demo day's screenshots as the text they were drawn with (scripts/day/demo-screens.ts), so a
 * replay of `profiles/demo/day` fills the screen-text index in seconds and the same way on every machine;
 * Tesseract's own reading of these screens is covered by the OCR tests. An image it does not know reads
 * as nothing.
 */
export function demoScreenRecognizer(dayDir: string): TextRecognizer {
  const byHash = new Map<string, string>();
  for (const screen of Object.values(DEMO_SCREENS)) {
    const bytes = readFileSync(join(dayDir, 'images', screen.file));
    byHash.set(createHash('sha1').update(bytes).digest('hex'), demoScreenText(screen));
  }
  return {
    recognize: (image) => Promise.resolve(byHash.get(createHash('sha1').update(image).digest('hex')) ?? ''),
    terminate: () => Promise.resolve(),
  };
}
