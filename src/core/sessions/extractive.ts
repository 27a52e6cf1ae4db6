import { TURN_SUMMARY_MAX } from '../../shared/contract/sessions';
import { clipAtWord } from '../../shared/clip-at-word';
import { safeName } from '../../shared/safe-text';

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
  return clipAtWord(line, TURN_SUMMARY_MAX);
}

/** Makes a model's answer fit one line of `max` characters: first non-empty line, no quotes or labels. */
export function toOneLine(text: string, max: number): string {
  const line =
    text
      .split(/\r?\n/)
      .map((l) => safeName(l).trim())
      .find((l) => l.length > 0) ?? '';
  const unquote = (t: string): string => t.replace(/^["'“‘`*]+|["'”’`*]+$/g, '').trim();
  const bare = unquote(unquote(line).replace(/^(summary|title)\s*:\s*/i, ''));
  return clipAtWord(bare, max);
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
