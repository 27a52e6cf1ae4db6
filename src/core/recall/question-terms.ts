import { FILLER, SPELLINGS, SYNONYMS } from './lexicon';

/**
 * The words of a question that name what it is about ("outlook", "bank", "portal", "5102", "q2"),
 * without the words every question has (who, did, I, the, today, roughly), and how those words
 * match app names, window titles and text softly: by stem and word start (so "invoices" finds
 * "Invoice-5102.pdf" and "reconciling" finds "reconciled"), across spellings ("stand-up" finds
 * "Standup") and through the everyday names people give apps ("email" for Outlook, "terminal" for a shell).
 */

/** Lower-case words, numbers and codes (`inv-5102`, `#finance`, `q2`, `1:1`) of a text. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/#?[\p{L}\p{N}]+(?:[-.:'’][\p{L}\p{N}]+)*/gu) ?? []).map((w) => w.replace(/['’](?:s|d|ll|re|ve)$/, ''));
}

/** The content words of a question, in order, each once. */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of words(text)) {
    if (FILLER.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
    if (!terms.includes(word)) terms.push(word);
  }
  return terms;
}

/**
 * An English stem, enough to match a word's forms: "invoices" and "invoice", "reconciling" and
 * "reconciled", "companies" and "company", "meetings" and "meeting". Numbers and codes stay whole.
 */
export function stem(word: string): string {
  if (word.length <= 4 || /\d/.test(word)) return word;
  return word
    .replace(/['’]s$/, '')
    .replace(/(?<=..)ies$/, 'y')
    .replace(/(?<=...)(?:ations?|ings?|ments?|ness|ers?|ed|es|ly)$/, '')
    .replace(/(?<=...)s$/, '')
    .replace(/(?<=...)e$/, '');
}

/** A word without hyphens and dots ("stand-up" and "standup", "e-mail" and "email" are one word). */
const joined = (word: string): string => word.replace(/[-.'’]/g, '');

/** The forms a question's word is looked for in: itself, its other spellings, and what it is an everyday name for. */
export function formsOf(term: string): string[] {
  const bare = term.replace(/^#/, '');
  return [...new Set([term, ...(SPELLINGS[term] ?? []), ...(SYNONYMS[term] ?? []), ...(SYNONYMS[stem(bare)] ?? [])])];
}

/** A text's words as matching reads them: as written, without hyphens, and by stem. */
interface Tokens {
  readonly bare: readonly string[];
  readonly joined: readonly string[];
  readonly stems: readonly string[];
}

function tokensOf(text: string): Tokens {
  const bare = words(text).map((t) => t.replace(/^#/, ''));
  return { bare, joined: bare.map(joined), stems: bare.map(stem) };
}

/** Whether one form (one or more words) appears in a text's words: each word of it starts a word of the text, by stem. */
function formIn(form: string, tokens: Tokens): boolean {
  const parts = words(form).map((p) => p.replace(/^#/, ''));
  if (parts.length === 0) return false;
  const fits = (part: string, i: number): boolean => {
    const wanted = stem(part);
    const bare = tokens.bare[i]!;
    // Short words (and codes) must be whole words: "it" is not "item", "q3" is not "q30".
    if (wanted.length < 3 || /\d/.test(wanted))
      return (
        bare === wanted ||
        tokens.joined[i] === joined(wanted) ||
        bare.split(/[-.:]/).includes(wanted) ||
        // A code's part: "prod-03" names "app-prod-03".
        (/[-.:]/.test(wanted) && (bare.endsWith(`-${wanted}`) || bare.startsWith(`${wanted}-`) || bare.endsWith(`.${wanted}`)))
      );
    return (
      bare.startsWith(wanted) ||
      tokens.stems[i]!.startsWith(wanted) ||
      tokens.joined[i]!.startsWith(joined(wanted)) ||
      bare.split(/[-.:]/).some((p) => p.startsWith(wanted))
    );
  };
  if (parts.length === 1) return tokens.bare.some((_, i) => fits(parts[0]!, i));
  // A phrase: its words in a row.
  return tokens.bare.some((_, i) => parts.every((p, j) => i + j < tokens.bare.length && fits(p, i + j)));
}

/** Whether `term` (a question's word) names something in `text`: a word of it by stem or word start, another spelling, or a synonym. */
export function termMatches(term: string, text: string): boolean {
  const tokens = tokensOf(text);
  return formsOf(term).some((form) => formIn(form, tokens));
}

/** The share of `terms` that `text` matches (0 when there are none). */
export function coverage(terms: readonly string[], text: string): number {
  if (terms.length === 0) return 0;
  const tokens = tokensOf(text);
  return terms.filter((t) => formsOf(t).some((form) => formIn(form, tokens))).length / terms.length;
}

/** The terms to search screen text for: each word, and the names and spellings it stands for. */
export function searchWords(terms: readonly string[]): string[] {
  return [...new Set(terms.flatMap((t) => formsOf(t)))];
}

/** Optimal string alignment distance (Levenshtein with transpositions), stopping once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** How far a word may be from the word meant: nothing for short words, one slip for most, two for long ones. */
export function allowedSlips(word: string): number {
  if (word.length < 3) return 0;
  if (word.length === 3) return 1;
  if (word.length <= 7) return 1;
  return 2;
}

/**
 * The word of `vocabulary` a mistyped word means: the nearest within the slips its length allows, a
 * tie broken by the same first letter, then by the vocabulary's order (the caller puts the likelier first).
 * `sameStart` keeps to words with the same first letter (people rarely miss the first one: "talk" is not "walk").
 */
export function nearestWord(word: string, vocabulary: Iterable<string>, { sameStart: firstKept = false } = {}): string | null {
  const max = allowedSlips(word);
  if (max === 0 || /\d/.test(word)) return null;
  let best: { word: string; distance: number; sameStart: boolean } | null = null;
  for (const candidate of vocabulary) {
    if (candidate === word) return null;
    if (candidate.length < 3 || /\d/.test(candidate) || (firstKept && candidate[0] !== word[0])) continue;
    const distance = editDistance(word, candidate, max);
    if (distance > max) continue;
    // A three-letter word is only ever two letters swapped ("hwo", "woh"), never another word ("hot", "wet").
    if (word.length === 3 && !(candidate.length === 3 && [...word].sort().join('') === [...candidate].sort().join(''))) continue;
    const sameStart = candidate[0] === word[0];
    if (!best || distance < best.distance || (distance === best.distance && sameStart && !best.sameStart))
      best = { word: candidate, distance, sameStart };
  }
  return best?.word ?? null;
}
