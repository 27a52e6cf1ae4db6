import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

export interface TinyDaySegment {
  readonly app: string;
  readonly title: string;
  readonly seconds: number;
  /** Lines of text drawn on the screenshot of this segment. */
  readonly text?: readonly string[];
  /** No input during this segment (the user is away). */
  readonly away?: boolean;
}

/** Writes a small recorded day (manifest, events, images) for tests that need a replay. */
export async function writeTinyDay(segments: readonly TinyDaySegment[], startIso = '2026-11-02T09:00:00.000Z'): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'shadow-day-'));
  mkdirSync(join(dir, 'images'));
  const start = Date.parse(startIso);
  const at = (s: number): string => new Date(start + s * 1000).toISOString();
  const lines: string[] = [];
  let t = 0;
  for (const [index, seg] of segments.entries()) {
    const image = `images/screen-${index}.jpg`;
    const text = (seg.text ?? [seg.title]).map((l, i) => `<text x="40" y="${120 + i * 48}" font-size="36">${l}</text>`).join('');
    await sharp(Buffer.from(`<svg width="1280" height="800"><rect width="1280" height="800" fill="#fff"/>${text}</svg>`))
      .jpeg()
      .toFile(join(dir, image));
    lines.push(JSON.stringify({ kind: 'window', at: at(t), app: seg.app, title: seg.title }));
    lines.push(JSON.stringify({ kind: 'frame', at: at(t), image }));
    if (!seg.away) for (let s = t; s < t + seg.seconds; s += 2) lines.push(JSON.stringify({ kind: 'input', at: at(s) }));
    t += seg.seconds;
  }
  writeFileSync(join(dir, 'events.jsonl'), `${lines.join('\n')}\n`);
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({ format: 'workflow-shadow-day', version: 1, startedAt: at(0), endedAt: at(t) }),
  );
  return dir;
}
