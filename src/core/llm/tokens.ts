import { countTokens, decode, encode } from 'gpt-tokenizer/encoding/cl100k_base';

/** Texts counted lately, least recently used first, and the characters their keys hold. */
const cache = new Map<string, number>();
let cachedChars = 0;
/** ~0.5–1 MiB of keys: the pieces context assembly counts call after call, not every text ever counted. */
const CACHE_CHARS = 512 * 1024;
/** A longer text (a whole LLM context, a summary with all its candidates) is counted once: caching it would only push the pieces out. */
const CACHE_TEXT_MAX_CHARS = 8 * 1024;

/**
 * Token counts for budgets and metadata, with cl100k_base (GPT-4's encoding): a real tokenizer whose
 * counts are a little above o200k's (gpt-4o), so a budget kept in cl100k holds for newer models too,
 * at ~40 MB of memory instead of o200k's ~65 MB. LLM context assembly counts the same pieces (tasks,
 * summaries, the baseline) call after call, so counts of short texts are memoized, least recently used
 * out first, within a bound on the characters held: keyed by whole texts, a count-bounded cache held
 * ~12 MiB of contexts and summary candidates by the end of an 8-hour day.
 */
export function tokenCount(text: string): number {
  if (text === '') return 0;
  const known = cache.get(text);
  if (known !== undefined) {
    cache.delete(text);
    cache.set(text, known);
    return known;
  }
  const count = countTokens(text);
  if (text.length <= CACHE_TEXT_MAX_CHARS) remember(text, count);
  return count;
}

function remember(text: string, count: number): void {
  cache.set(text, count);
  cachedChars += text.length;
  for (const oldest of cache.keys()) {
    if (cachedChars <= CACHE_CHARS) break;
    cache.delete(oldest);
    cachedChars -= oldest.length;
  }
}

/**
 * The token count of `lines.join('\n')` from each line's own (memoized) count, so a caller that tries
 * many joins of the same lines tokenizes each line once, not every join whole. Exact: cl100k's
 * pre-tokenizer never lets a piece run from a newline into a next line that starts with anything but
 * whitespace, so each line is counted with its newline; a join with an empty line or one that starts
 * with whitespace is counted whole.
 */
export function tokenCountOfLines(lines: readonly string[]): number {
  let total = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (i > 0 && (line === '' || /^\s/u.test(line))) return tokenCount(lines.join('\n'));
    total += tokenCount(i < lines.length - 1 ? `${line}\n` : line);
  }
  return total;
}

/** Cuts text to at most `max` tokens, ending with "…" when it had to cut. */
export function truncateToTokens(text: string, max: number): string {
  if (max <= 0) return '';
  const tokens = encode(text);
  if (tokens.length <= max) return text;
  const ellipsis = '…';
  const wholeWords = (prefix: string): string => {
    // A token boundary often falls inside a word: end at the word before it rather than show half of one.
    const cutInWord = /[\p{L}\p{N}]$/u.test(prefix) && /^[\p{L}\p{N}]/u.test(text.slice(prefix.length));
    const shorter = cutInWord ? prefix.replace(/[\p{L}\p{N}]+$/u, '').trimEnd() : prefix;
    return (shorter || prefix).trimEnd() + ellipsis;
  };
  let cut = wholeWords(decode(tokens.slice(0, Math.max(0, max - 1))));
  // Decoding and re-encoding can merge differently; shave until it fits.
  for (let keep = max - 2; tokenCount(cut) > max && keep > 0; keep--) cut = wholeWords(decode(tokens.slice(0, keep)));
  return tokenCount(cut) <= max ? cut : '';
}
