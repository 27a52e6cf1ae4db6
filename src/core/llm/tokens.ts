import { countTokens, decode, encode } from 'gpt-tokenizer/encoding/cl100k_base';

const cache = new Map<string, number>();
const CACHE_LIMIT = 4000;

/**
 * Token counts for budgets and metadata, with cl100k_base (GPT-4's encoding): a real tokenizer whose
 * counts are a little above o200k's (gpt-4o), so a budget kept in cl100k holds for newer models too,
 * at ~40 MB of memory instead of o200k's ~65 MB. LLM context assembly counts the same pieces (tasks,
 * summaries, the baseline) call after call, so counts are memoized; the cache is emptied when full.
 */
export function tokenCount(text: string): number {
  if (text === '') return 0;
  const known = cache.get(text);
  if (known !== undefined) return known;
  const count = countTokens(text);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, count);
  return count;
}

/** Cuts text to at most `max` tokens, ending with "…" when it had to cut. */
export function truncateToTokens(text: string, max: number): string {
  if (max <= 0) return '';
  const tokens = encode(text);
  if (tokens.length <= max) return text;
  const ellipsis = '…';
  let cut = decode(tokens.slice(0, Math.max(0, max - 1))).trimEnd() + ellipsis;
  // Decoding and re-encoding can merge differently; shave until it fits.
  for (let keep = max - 2; tokenCount(cut) > max && keep > 0; keep--) cut = decode(tokens.slice(0, keep)).trimEnd() + ellipsis;
  return tokenCount(cut) <= max ? cut : '';
}
