import { SESSION_TITLE_MAX, TURN_SUMMARY_MAX } from '../../shared/contract/sessions';

/** Cuts text to at most `max` characters at a word boundary, marking the cut with an ellipsis. */
export function cutAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace >= max / 3 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.!?-]+$/, '')}…`;
}

const MARKUP_ONLY = /^(```.*|[#>*\-\s]*|[-=_*]{3,})$/;
const GREETING = /^(hi|hello|hey|thanks|thank you|ok|okay|yes|no|sure)[\s!.,]*$/i;

/** The first line with at least two words of real text: skips blanks, fences, rules and bare greetings. */
export function firstMeaningfulLine(text: string): string | null {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^[#>*\-\s]+/, '').trim();
    if (!line || MARKUP_ONLY.test(raw.trim()) || GREETING.test(line)) continue;
    if ((line.match(/[\p{L}\p{N}]{2,}/gu) ?? []).length < 2) continue;
    return line;
  }
  return null;
}

/** The TOC line without an LLM: the prompt's first meaningful line, else the reply's, else the prompt itself. */
export function extractiveSummary(prompt: string, reply: string): string {
  const line = firstMeaningfulLine(prompt) ?? firstMeaningfulLine(reply) ?? (prompt.trim() || reply.trim() || '(empty turn)');
  return cutAtWord(line, TURN_SUMMARY_MAX);
}

/** Makes a model's answer fit one line of `max` characters: first non-empty line, no quotes or labels. */
export function toOneLine(text: string, max: number): string {
  const line =
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? '';
  const unquote = (t: string): string => t.replace(/^["'“‘`*]+|["'”’`*]+$/g, '').trim();
  const bare = unquote(unquote(line).replace(/^(summary|title)\s*:\s*/i, ''));
  return cutAtWord(bare, max);
}

const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers herself him
  himself his how i if in into is it its itself just let lets me more most my myself no nor not now of off on once only
  or other our ours out over own same she should so some such than that the their theirs them then there these they
  this those through to too under until up very was we were what when where which while who whom why will with would
  you your yours yourself please also like need want get got make made know think tell show give going go use used
  using one two new way well really thing things something okay ok yes hey hi hello thanks thank can't don't i'm it's
  that's what's let's shall may might must much many time help look next first last today now again still long
  see saw seen yet did does done tomorrow yesterday morning afternoon evening`.split(/\s+/),
);

/** Content words of a text, lowercased, in order of first appearance with their counts. */
export function keywords(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []) {
    const word = raw.replace(/'s$/, '');
    if (word.length < 3 || STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

const stem = (word: string): string => word.replace(/(ing|ed|es|s)$/, '');

function sharesKeyword(a: Map<string, number>, b: Map<string, number>): boolean {
  const stems = new Set([...b.keys()].map(stem));
  return [...a.keys()].some((w) => stems.has(stem(w)));
}

function titleCase(words: readonly string[]): string {
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** A title from the most frequent content words of the given texts (ties: first seen first). */
export function keywordTitle(texts: readonly string[]): string | null {
  const counts = keywords(texts.join('\n'));
  const ranked = [...counts.entries()].map(([word, n], i) => ({ word, n, i })).sort((x, y) => y.n - x.n || x.i - y.i);
  const picked = ranked
    .slice(0, 4)
    .sort((x, y) => x.i - y.i)
    .map((r) => r.word);
  if (picked.length === 0) return null;
  return cutAtWord(titleCase(picked), SESSION_TITLE_MAX);
}

/**
 * The offline title rule, biased to the newest turns: with no title yet, a title from the first
 * prompts; otherwise a new title only when at least two of the newest three prompts share no
 * content word with the current title, built from those prompts. Null means keep the title.
 */
export function extractiveTitle(currentTitle: string, recentPrompts: readonly string[]): string | null {
  const newest = recentPrompts.slice(-3);
  if (!currentTitle.trim()) return keywordTitle(newest);
  const titleWords = keywords(currentTitle);
  const offTopic = newest.filter((p) => keywords(p).size > 0 && !sharesKeyword(keywords(p), titleWords));
  if (offTopic.length < 2) return null;
  const title = keywordTitle(offTopic);
  return title && title.toLowerCase() !== currentTitle.toLowerCase() ? title : null;
}
