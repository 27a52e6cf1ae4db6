const SEPARATOR = /[\s·,;:|/–—-]/u;
const LAST_BOUNDARY = /[\s·,;:|/–—-]+[^\s·,;:|/–—-]*$/u;
/** A sentence's end is dropped too before the ellipsis: "Fixed it.…" reads as a typo. */
const TRAILING_PUNCTUATION = /[\s·,;:|/–—.!?-]+$/u;

/**
 * Text on one line (runs of white space made one space) and shortened to at most `max` characters
 * without cutting a word: the cut falls back to the last space (or separator) before the limit and the
 * dropped rest is shown by an ellipsis. A single word longer than the limit is the one case cut inside a
 * word, since there is nothing shorter to show. Titles, summaries and quoted snippets all clip here, so
 * a title cut in the window reads like one cut in an answer.
 */
export function clipAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, Math.max(0, max - 1));
  if (SEPARATOR.test(clean.charAt(room.length))) return `${room.replace(TRAILING_PUNCTUATION, '')}…`;
  const atBoundary = LAST_BOUNDARY.exec(room);
  const kept = atBoundary && atBoundary.index > 0 ? room.slice(0, atBoundary.index) : room;
  return `${kept.replace(TRAILING_PUNCTUATION, '')}…`;
}
