import type nlpType from 'compromise';
import { lazyModule } from '../util/lazy-module';
import { SESSION_TITLE_MAX } from '../../shared/contract/sessions';
import { clipAtWord } from '../../shared/clip-at-word';
import { keywords } from './extractive';

const nlp = lazyModule<typeof nlpType>('compromise');

/** Words that name a time or say nothing about a topic: never the head of a title. */
const NOT_A_TOPIC = new Set(
  `today yesterday tomorrow morning afternoon evening night noon lunch week month day days hour hours minute minutes time times
  thing things stuff something anything everything way ways lot bit kind sort question questions help idea ideas
  work working job please thanks thank hi hello hey ok okay yes no`.split(/\s+/),
);
/** Prepositions that join two phrases into one topic ("a reply to Raj about IT renewals"). */
const JOINING = new Set(['to', 'about', 'for', 'from', 'of', 'on', 'with', 'in']);
const MAX_WORDS = 7;

interface Term {
  readonly text: string;
  readonly tags: ReadonlySet<string>;
}

/**
 * A conversation's title without a model: the most specific noun phrase of a prompt, read with
 * compromise's part-of-speech tags ("In Slack, write an email to Maria about the budget" →
 * "Email to Maria about the budget"). Filler, greetings, time words and strings that are not words
 * (runs of one character, no vowels) never make a title; null when nothing is left.
 */
export function titlePhrase(prompt: string): string | null {
  const terms = termsOf(prompt);
  const phrases: Term[][] = [];
  let current: Term[] = [];
  const close = (): void => {
    while (current.length > 0 && !isHead(current.at(-1)!)) current.pop();
    if (current.some(isHead)) phrases.push(current);
    current = [];
  };
  terms.forEach((term, i) => {
    const next = terms[i + 1];
    if (isWordOfPhrase(term)) {
      current.push(term);
      return;
    }
    // "an email to Maria": a joining word between two phrases keeps them one topic.
    if (current.length > 0 && JOINING.has(term.text.toLowerCase()) && next && (isWordOfPhrase(next) || next.tags.has('Determiner'))) {
      current.push(term);
      return;
    }
    if (current.length > 0 && term.tags.has('Determiner') && JOINING.has(current.at(-1)!.text.toLowerCase())) {
      current.push(term);
      return;
    }
    // "invoice 5102": a word right before a number names it, whatever tag it got ("who sent me invoice 5102?").
    if (next && /^\d/.test(next.text) && looksLikeAWord(term.text) && !isFunctionWord(term)) {
      current.push({ ...term, tags: new Set([...term.tags, 'Noun']) });
      return;
    }
    close();
  });
  close();
  const best = phrases
    .map((p) => trimJoins(p))
    .filter((p) => p.length > 0)
    .sort((a, b) => specificity(b) - specificity(a))[0];
  if (!best) return null;
  const words = best.slice(0, MAX_WORDS).map((t) => t.text);
  const title = words.join(' ');
  return clipAtWord(title.charAt(0).toUpperCase() + title.slice(1), SESSION_TITLE_MAX);
}

function termsOf(prompt: string): Term[] {
  const clean = prompt
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .split(/\r?\n/)
    .slice(0, 5)
    .join(' ');
  const json = nlp()(clean).terms().json() as { terms: { text: string; tags: string[] }[] }[];
  return json
    .map((t) => t.terms[0]!)
    .map((t) => ({ text: t.text.replace(/^[^\p{L}\p{N}#]+|[^\p{L}\p{N}]+$/gu, ''), tags: new Set(t.tags) }))
    .filter((t) => t.text.length > 0);
}

/** A word a person would write: no run of one letter three times, a vowel unless it is a number or an acronym. */
function looksLikeAWord(text: string): boolean {
  if (/(\p{L})\1{2,}/iu.test(text)) return false;
  if (/\d/.test(text) || /^[A-Z]{2,5}$/.test(text) || text.startsWith('#')) return true;
  return /[aeiouyáéíóúäöü]/i.test(text) && text.length <= 30;
}

function isWordOfPhrase(term: Term): boolean {
  if (!looksLikeAWord(term.text)) return false;
  const lower = term.text.toLowerCase();
  if (isFunctionWord(term) || term.tags.has('Possessive')) return false;
  if (NOT_A_TOPIC.has(lower)) return false;
  return (
    term.tags.has('Noun') ||
    term.tags.has('ProperNoun') ||
    term.tags.has('Value') ||
    term.tags.has('Acronym') ||
    (term.tags.has('Adjective') && !term.tags.has('Comparable')) ||
    /\d/.test(term.text) ||
    term.text.startsWith('#') ||
    (term.tags.has('Date') && /\d/.test(term.text))
  );
}

function isFunctionWord(term: Term): boolean {
  return (
    term.tags.has('Pronoun') ||
    term.tags.has('QuestionWord') ||
    term.tags.has('Determiner') ||
    term.tags.has('Preposition') ||
    term.tags.has('Conjunction') ||
    term.tags.has('Copula') ||
    term.tags.has('Modal')
  );
}

/** A phrase must end on a noun, a name, a number or a code. */
function isHead(term: Term): boolean {
  return (
    isWordOfPhrase(term) &&
    !JOINING.has(term.text.toLowerCase()) &&
    (term.tags.has('Noun') || term.tags.has('ProperNoun') || term.tags.has('Value') || /\d/.test(term.text) || term.text.startsWith('#'))
  );
}

function trimJoins(phrase: Term[]): Term[] {
  const out = [...phrase];
  while (out.length > 0 && (JOINING.has(out[0]!.text.toLowerCase()) || !isWordOfPhrase(out[0]!)) && !/^\d/.test(out[1]?.text ?? ''))
    out.shift();
  while (out.length > 0 && !isHead(out.at(-1)!)) out.pop();
  return out;
}

/** Names, numbers and longer phrases say more about a conversation than one common noun. */
function specificity(phrase: readonly Term[]): number {
  let score = Math.min(phrase.length, 5);
  for (const t of phrase) {
    if (t.tags.has('ProperNoun') || t.tags.has('Person') || t.tags.has('Place') || t.tags.has('Organization')) score += 2;
    if (/\d/.test(t.text) || t.text.startsWith('#')) score += 2;
  }
  return score;
}

/** The offline title of a prompt: what recall understood it to be about, else its most specific noun phrase. */
export type TopicOf = (prompt: string) => string | null;

/**
 * The offline title rule, biased to the newest turns: with no title yet, the topic of the newest prompt
 * that has one; otherwise a new title only when at least two of the newest three prompts share no content
 * word with the current title, from the newest of those. Null means keep the title.
 */
export function extractiveTitle(currentTitle: string, recentPrompts: readonly string[], topicOf: TopicOf = titlePhrase): string | null {
  const newest = recentPrompts.slice(-3);
  const firstTopic = (prompts: readonly string[]): string | null => {
    for (const prompt of [...prompts].reverse()) {
      const topic = topicOf(prompt) ?? titlePhrase(prompt);
      if (topic) return clipAtWord(topic, SESSION_TITLE_MAX);
    }
    return null;
  };
  if (!currentTitle.trim()) return firstTopic(newest);
  const titleWords = keywords(currentTitle);
  const offTopic = newest.filter((p) => keywords(p).size > 0 && !sharesKeyword(keywords(p), titleWords));
  if (offTopic.length < 2) return null;
  const title = firstTopic(offTopic);
  return title && title.toLowerCase() !== currentTitle.toLowerCase() ? title : null;
}

const stem = (word: string): string => word.replace(/(ing|ed|es|s)$/, '');

function sharesKeyword(a: Map<string, number>, b: Map<string, number>): boolean {
  const stems = new Set([...b.keys()].map(stem));
  return [...a.keys()].some((w) => stems.has(stem(w)));
}
