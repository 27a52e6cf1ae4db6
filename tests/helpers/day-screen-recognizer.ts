import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JobDay } from '../../scripts/day/job-day';
import { screenText } from '../../scripts/day/screen-render';
import type { TextRecognizer } from '../../src/core/ocr/text-recognizer';

/**
 * Reads a job day's screenshots as the text they were drawn with (scripts/day/screen-render.ts), so a
 * replay fills the screen-text index in seconds and the same way on every machine, like the demo
 * day's recognizer. An image it does not know reads as nothing.
 */
export function dayScreenRecognizer(dayDir: string, day: JobDay): TextRecognizer {
  const byHash = new Map<string, string>();
  for (const spec of Object.values(day.screens)) {
    const bytes = readFileSync(join(dayDir, 'images', spec.file));
    byHash.set(createHash('sha1').update(bytes).digest('hex'), screenText(spec));
  }
  return {
    recognize: (image) => Promise.resolve(byHash.get(createHash('sha1').update(image).digest('hex')) ?? ''),
    terminate: () => Promise.resolve(),
  };
}
