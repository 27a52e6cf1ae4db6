const STOP = new Set(
  'the and for with from into this that was were are you your has have had not but all any one two its our out per via'.split(' '),
);

/** Lower-case words of 3+ letters or digits, without the commonest English words. */
export function wordSet(text: string): Set<string> {
  const set = new Set<string>();
  for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w.length > 2 && !STOP.has(w)) set.add(w);
  return set;
}

/** Share of the query's words that the item also has (0..1): cheap relevance for ranking. */
export function overlap(query: ReadonlySet<string>, item: ReadonlySet<string>): number {
  if (query.size === 0) return 0;
  let shared = 0;
  for (const w of query) if (item.has(w)) shared++;
  return shared / query.size;
}
