import type { ScreenTextSighting } from '../store/repositories/screen-text-repository';

/**
 * The same text seen again in the same window within this long of the last time is the same hit: a
 * ledger line on screen for 25 minutes is one hit seen 150 times, even with other windows between.
 */
export const REPEAT_GAP_MS = 10 * 60_000;

/** Words kept either side of a matched word: enough to tell two lines apart, few enough to survive where the snippet starts. */
const CONTEXT_WORDS = 4;

/** Frames that showed the same text in the same window, close together: one search hit. */
export interface SightingGroup {
  /** The best-matching frame (newest among equals): its snippet, time and id stand for the group. */
  readonly best: ScreenTextSighting;
  readonly firstMs: number;
  readonly lastMs: number;
  readonly count: number;
}

/**
 * What makes two frames' hits "the same text": on each line of the snippet that holds a matched word,
 * the matched words with a few words either side, lower-cased. The snippet centres the matches, so
 * the same line reads the same whatever else changed in the window (a cell edited above it).
 */
export function passageKey(snippet: string): string {
  const lines: string[] = [];
  let mark = snippet.indexOf('**');
  while (mark >= 0) {
    const start = snippet.lastIndexOf('\n', mark) + 1;
    const newline = snippet.indexOf('\n', mark);
    const end = newline < 0 ? snippet.length : newline;
    lines.push(aroundMarks(snippet.slice(start, end)));
    mark = newline < 0 ? -1 : snippet.indexOf('**', end);
  }
  return lines.length > 0 ? lines.join('\n') : snippet.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The words of one line from `CONTEXT_WORDS` before its first matched word to as many after its last. */
function aroundMarks(line: string): string {
  const words = line.split(/[\s…]+/).filter(Boolean);
  let first = -1;
  let last = -1;
  words.forEach((word, i) => {
    if (!word.includes('**')) return;
    if (first < 0) first = i;
    last = i;
  });
  return words
    .slice(Math.max(0, first - CONTEXT_WORDS), last + CONTEXT_WORDS + 1)
    .join(' ')
    .toLowerCase();
}

/**
 * Groups a search's frames into hits: one per device, app,
 * window title and passage, a new one when the passage was not seen there for `REPEAT_GAP_MS`. Best
 * first (the best frame's score), newest first among equals.
 */
export function groupSightings(rows: readonly ScreenTextSighting[], repeatGapMs = REPEAT_GAP_MS): SightingGroup[] {
  const open = new Map<string, { best: ScreenTextSighting; firstMs: number; lastMs: number; count: number }>();
  const groups: { best: ScreenTextSighting; firstMs: number; lastMs: number; count: number }[] = [];
  // Rows follow time on a device, but another device's arrive later with older times: by time it is.
  const oldestFirst = rows.toReversed().sort((a, b) => a.atMs - b.atMs || a.id - b.id);
  for (const row of oldestFirst) {
    const key = `${row.deviceKey}\u0000${row.app}\u0000${row.title}\u0000${passageKey(row.snippet)}`;
    const group = open.get(key);
    if (group && row.atMs - group.lastMs <= repeatGapMs) {
      group.lastMs = row.atMs;
      group.count += 1;
      if (row.score >= group.best.score) group.best = row;
      continue;
    }
    const fresh = { best: row, firstMs: row.atMs, lastMs: row.atMs, count: 1 };
    open.set(key, fresh);
    groups.push(fresh);
  }
  return groups.sort((a, b) => b.best.score - a.best.score || b.lastMs - a.lastMs);
}
