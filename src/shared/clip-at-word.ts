const SEPARATOR = /[\s·,;:|/–—-]/u;
const TRAILING_SEPARATORS = /[\s·,;:|/–—-]+$/u;

/**
 * Text shortened to at most `max` characters without cutting a word: the cut falls back to the last
 * space (or separator) before the limit and the dropped rest is shown by an ellipsis. A single word
 * longer than the limit is the one case cut inside a word, since there is nothing shorter to show.
 */
export function clipAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, Math.max(0, max - 1));
  if (SEPARATOR.test(text.charAt(room.length))) return `${room.replace(TRAILING_SEPARATORS, '')}…`;
  const atBoundary = /[\s·,;:|/–—-]+[^\s·,;:|/–—-]*$/u.exec(room);
  const kept = atBoundary && atBoundary.index > 0 ? room.slice(0, atBoundary.index) : room;
  return `${kept.replace(TRAILING_SEPARATORS, '')}…`;
}
