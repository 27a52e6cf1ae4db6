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

/** A text's words as matching reads them: as written, without hyphens, by stem, and a code's parts. */
interface Tokens {
  readonly bare: readonly string[];
  readonly joined: readonly string[];
  readonly stems: readonly string[];
  /** The parts of a word with `-`, `.` or `:` in it ("app-prod-03" → app, prod, 03); null for a plain word. */
  readonly pieces: readonly (readonly string[] | null)[];
}

/** One word of a form as matching looks for it: its stem, without hyphens, and whether it must be a whole word. */
interface Part {
  readonly wanted: string;
  readonly joined: string;
  /** Short words (and codes) must be whole words: "it" is not "item", "q3" is not "q30". */
  readonly whole: boolean;
  readonly coded: boolean;
  /**
   * What a text must hold, lower-cased and without hyphens, dots and apostrophes, for this part to fit one
   * of its words: the part itself, or all but its last letter where a stem differs there ("company" fits
   * "companies"). A text without it cannot match, so it is never split into words.
   */
  readonly needle: string;
}

/**
 * Matching reads the same texts again and again (a screen's text for each figure on it, a title for
 * each question): their words, stems and forms are kept for a while, bounded so memory stays flat.
 */
function remembered<T>(limit: number, make: (key: string) => T): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = make(key);
      if (kept.size >= limit) kept.delete(kept.keys().next().value!);
      kept.set(key, value);
    }
    return value;
  };
}

const stemOf = remembered(20_000, stem);

const tokensOf = remembered(512, (text: string): Tokens => {
  const bare = words(text).map((t) => t.replace(/^#/, ''));
  return {
    bare,
    joined: bare.map(joined),
    stems: bare.map(stemOf),
    pieces: bare.map((t) => (/[-.:]/.test(t) ? t.split(/[-.:]/) : null)),
  };
});

const partsOf = remembered(4096, (form: string): Part[] =>
  words(form).map((p) => {
    const wanted = stemOf(p.replace(/^#/, ''));
    const whole = wanted.length < 3 || /\d/.test(wanted);
    return { wanted, joined: joined(wanted), whole, coded: /[-.:]/.test(wanted), needle: joined(whole ? wanted : wanted.slice(0, -1)) };
  }),
);

function fits(part: Part, tokens: Tokens, i: number): boolean {
  const bare = tokens.bare[i]!;
  const pieces = tokens.pieces[i]!;
  const { wanted } = part;
  if (part.whole)
    return (
      bare === wanted ||
      tokens.joined[i] === part.joined ||
      (pieces !== null && pieces.includes(wanted)) ||
      // A code's part: "prod-03" names "app-prod-03".
      (part.coded && (bare.endsWith(`-${wanted}`) || bare.startsWith(`${wanted}-`) || bare.endsWith(`.${wanted}`)))
    );
  return (
    bare.startsWith(wanted) ||
    tokens.stems[i]!.startsWith(wanted) ||
    tokens.joined[i]!.startsWith(part.joined) ||
    (pieces !== null && pieces.some((p) => p.startsWith(wanted)))
  );
}

/** Whether one form (one or more words) appears in a text's words: each word of it starts a word of the text, by stem. */
function formIn(form: string, tokens: Tokens): boolean {
  const parts = partsOf(form);
  if (parts.length === 0) return false;
  const count = tokens.bare.length;
  if (parts.length === 1) {
    for (let i = 0; i < count; i++) if (fits(parts[0]!, tokens, i)) return true;
    return false;
  }
  // A phrase: its words in a row.
  for (let i = 0; i + parts.length <= count; i++) if (parts.every((p, j) => fits(p, tokens, i + j))) return true;
  return false;
}

/** A text as the needles of `Part` are looked for in it. */
const squashed = (text: string): string => joined(text.toLowerCase());

/** Whether a form can appear in a text at all (every part's needle is there): a quick no for most texts. */
const mayHold = (form: string, squashedText: string): boolean => partsOf(form).every((p) => squashedText.includes(p.needle));

const formsOfTerm = remembered(4096, formsOf);

/** Whether `term` (a question's word) names something in `text`: a word of it by stem or word start, another spelling, or a synonym. */
export function termMatches(term: string, text: string): boolean {
  const inText = squashed(text);
  return formsOfTerm(term).some((form) => mayHold(form, inText) && formIn(form, tokensOf(text)));
}

/**
 * What a text must hold for any of `terms` to match it: for each form of each term, the needle of its first
 * word (lower-cased, without hyphens, dots and apostrophes). A text holding none of them matches no term,
 * so a store can leave it out before matching reads it.
 */
export function termNeedles(terms: readonly string[]): string[] {
  return [
    ...new Set(
      terms.flatMap((t) =>
        formsOfTerm(t)
          .map((form) => partsOf(form)[0]?.needle)
          .filter((n): n is string => n !== undefined),
      ),
    ),
  ];
}

/** The share of `terms` that `text` matches (0 when there are none). */
export function coverage(terms: readonly string[], text: string): number {
  return coverageFrom(terms, text, 0);
}

/**
 * `coverage` where it reaches `floor`, else 0: for a caller that uses only such shares. A text in which too few
 * of the terms have their letters at all (`mayHold`) cannot reach it, and is never split into words.
 */
export function coverageFrom(terms: readonly string[], text: string, floor: number): number {
  if (terms.length === 0) return 0;
  const inText = squashed(text);
  const possible = terms.filter((t) => formsOfTerm(t).some((form) => mayHold(form, inText)));
  if (possible.length < floor * terms.length) return 0;
  const share =
    possible.filter((t) => formsOfTerm(t).some((form) => mayHold(form, inText) && formIn(form, tokensOf(text)))).length / terms.length;
  return share >= floor ? share : 0;
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
