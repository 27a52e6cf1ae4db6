import { countTokens, decode, encode } from 'gpt-tokenizer';

/** Token counts with the same tokenizer the budgets are stated in (o200k, as gpt-4o uses). */
export function tokenCount(text: string): number {
  return text === '' ? 0 : countTokens(text);
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
