/**
 * Turns what a user typed into a safe FTS5 MATCH expression. Users type words, not FTS5 syntax, so
 * nothing they type is passed through as an operator: every word becomes a quoted string (so
 * `AND`, `NEAR`, `-`, `:`, `(` or a stray `"` are plain text), the words are ANDed, text in double
 * quotes stays a phrase, and a trailing `*` keeps its meaning of "words starting with".
 * Returns null when nothing searchable is left (only punctuation).
 */
export function toFtsQuery(input: string): string | null {
  const terms: string[] = [];
  const pattern = /"([^"]*)"?|(\S+)/g;
  for (const match of input.matchAll(pattern)) {
    const phrase = match[1];
    if (phrase !== undefined) {
      if (hasWordCharacter(phrase)) terms.push(quote(phrase));
      continue;
    }
    const word = match[2]!;
    const prefix = word.length > 1 && word.endsWith('*');
    const body = prefix ? word.replace(/\*+$/, '') : word;
    if (!hasWordCharacter(body)) continue;
    terms.push(prefix ? `${quote(body)}*` : quote(body));
  }
  return terms.length > 0 ? terms.join(' AND ') : null;
}

/** The unicode61 tokenizer splits on everything that is not a letter, digit or mark. */
function hasWordCharacter(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

function quote(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * A MATCH expression for frames holding any of the words (each quoted, so nothing is an operator),
 * for retrieval that ranks partial matches rather than requiring every word. Null when none is searchable.
 */
export function toFtsAnyQuery(words: readonly string[]): string | null {
  const terms = words.filter(hasWordCharacter).map(quote);
  return terms.length > 0 ? terms.join(' OR ') : null;
}
