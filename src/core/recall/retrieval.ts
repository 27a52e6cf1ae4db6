import type { EvidenceSource } from '../../shared/contract/evidence';
import type { DeviceRef } from '../../shared/contract/sync';
import { toFtsAnyQuery } from '../ocr/screen-query';
import type { ActivityRepository, TimeWindow } from '../store/repositories/activity-repository';
import type { MemoryQuestionRepository } from '../store/repositories/memory-question-repository';
import type { MemorySummaryRepository } from '../store/repositories/memory-summary-repository';
import type { MemoryTaskRepository } from '../store/repositories/memory-task-repository';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import type { WorkItemRepository } from '../store/repositories/work-item-repository';
import { coverage, searchWords, termMatches, termNeedles } from './question-terms';

/** What recall reads: the observed day and the memory built from it. */
export interface RecallStore {
  readonly activity: ActivityRepository;
  readonly screenText: ScreenTextRepository;
  readonly tasks: MemoryTaskRepository;
  readonly summaries: MemorySummaryRepository;
  readonly questions: MemoryQuestionRepository;
  /** Work items and where they were seen (src/core/understanding/). */
  readonly items: WorkItemRepository;
  /** The onboarding interview: each question, the user's answer and when it was given. */
  readonly interviewAnswers?: () => readonly InterviewEntry[];
}

/** One answer of the onboarding interview. */
export interface InterviewEntry {
  readonly question: string;
  readonly answer: string;
  readonly atMs: number;
}

/** One piece of evidence found for a question, with what answers and ranking need. */
export interface Found {
  readonly source: EvidenceSource;
  readonly atMs: number;
  /** The end of the stretch it covers (a window's last moment, a task's end); null for one frame. */
  readonly untilMs: number | null;
  readonly app: string | null;
  readonly windowTitle: string | null;
  /** The passage to show (matched words in `**` for screen text). */
  readonly snippet: string;
  /** The whole text it came from (frame text, window title, task brief, summary, question and answer). */
  readonly text: string;
  readonly screenTextId: number | null;
  /** Other moments the same text was on screen in the same window, oldest first. */
  readonly alsoAtMs: readonly number[];
  /** Relevance from 0 to 1: the share of the question's words it holds, weighted by how direct its source is. */
  readonly score: number;
  /** The device it was seen on, when the profile holds more than one device's work. */
  readonly device?: DeviceRef;
}

export interface EvidenceRequest {
  /** The question's content words (`contentTerms`). */
  readonly terms: readonly string[];
  /** Only evidence from this time window; all of history when absent. */
  readonly window?: TimeWindow;
  readonly limit?: number;
  readonly sources?: readonly EvidenceSource[];
}

/** How much each source's match counts: what was on screen is direct, a summary is second-hand. */
const SOURCE_WEIGHT: Record<EvidenceSource, number> = { screen_text: 1, window: 0.95, answer: 0.85, task: 0.7, summary: 0.5 };
const SCREEN_CANDIDATES = 60;

/**
 * Ranked evidence for a question's words in a time window, from every source recall knows: text read
 * on screen, window titles, tasks, work-session summaries and the user's answers. Independent of how a
 * reply is worded, so the offline answers and the LLM's context tier use the same retrieval.
 */
export function retrieveEvidence(store: RecallStore, request: EvidenceRequest): Found[] {
  const { terms } = request;
  if (terms.length === 0) return [];
  const window = request.window ?? { startMs: 0, endMs: Number.MAX_SAFE_INTEGER };
  const wanted = new Set(request.sources ?? (Object.keys(SOURCE_WEIGHT) as EvidenceSource[]));
  const found: Found[] = [];
  if (wanted.has('screen_text')) found.push(...screenEvidence(store, terms, window));
  if (wanted.has('window')) found.push(...windowEvidence(store, terms, window));
  if (wanted.has('task')) found.push(...taskEvidence(store, terms, window));
  if (wanted.has('summary')) found.push(...summaryEvidence(store, terms, window));
  if (wanted.has('answer')) found.push(...answerEvidence(store, terms, window));
  return found
    .filter((f) => f.score > 0)
    .sort((a, b) => b.score - a.score || a.atMs - b.atMs)
    .slice(0, request.limit ?? 12);
}

function screenEvidence(store: RecallStore, terms: readonly string[], window: TimeWindow): Found[] {
  const match = toFtsAnyQuery(searchWords(terms));
  if (match === null) return [];
  const hits = store.screenText.search({ match, fromMs: window.startMs, toMs: window.endMs, limit: SCREEN_CANDIDATES });
  // The same text in the same window is one piece of evidence, seen at several moments; it opens at the first.
  const groups = new Map<string, (typeof hits)[number][]>();
  for (const hit of hits) {
    const key = `${hit.device?.id ?? ''}\u0000${hit.app}\u0000${hit.title}\u0000${hit.text}`;
    groups.set(key, [...(groups.get(key) ?? []), hit]);
  }
  return [...groups.values()].map((group) => {
    const [first, ...later] = [...group].sort((a, b) => a.atMs - b.atMs || a.id - b.id);
    return {
      source: 'screen_text' as const,
      atMs: first!.atMs,
      untilMs: null,
      app: first!.app,
      windowTitle: first!.title,
      snippet: oneLine(first!.snippet),
      text: first!.text,
      screenTextId: first!.id,
      alsoAtMs: later.map((h) => h.atMs),
      score: SOURCE_WEIGHT.screen_text * coverage(terms, `${first!.title}\n${first!.text}`),
      ...(first!.device && { device: first!.device }),
    };
  });
}

function windowEvidence(store: RecallStore, terms: readonly string[], window: TimeWindow): Found[] {
  return store.activity
    .windowsIn(window)
    .filter((w) => terms.some((t) => termMatches(t, `${w.app} ${w.title}`)))
    .map((w) => ({
      source: 'window' as const,
      atMs: w.firstMs,
      untilMs: w.lastMs,
      app: w.app,
      windowTitle: w.title,
      snippet: w.title,
      text: `${w.app} ${w.title}`,
      screenTextId: null,
      alsoAtMs: w.lastStartMs > w.firstMs ? [w.lastStartMs] : [],
      score: SOURCE_WEIGHT.window * coverage(terms, `${w.app} ${w.title}`),
      ...(w.device && { device: w.device }),
    }));
}

function taskEvidence(store: RecallStore, terms: readonly string[], window: TimeWindow): Found[] {
  // Only the tasks that match make evidence (a year holds thousands): the rest would be dropped unscored.
  // A task none of whose text holds a word of the question scores nothing (nor does any without words to look for).
  if (terms.length === 0) return [];
  const tasks = store.tasks.listTasksHolding(window, termNeedles(terms)) ?? store.tasks.listTasksIn(window);
  return tasks.flatMap((t) => {
    const text = `${t.name}\n${t.titles.join('\n')}\n${t.brief}`;
    const score = SOURCE_WEIGHT.task * coverage(terms, text);
    if (score <= 0) return [];
    const start = Date.parse(t.startedAt);
    return {
      source: 'task' as const,
      atMs: start,
      untilMs: start + t.durationSeconds * 1000,
      app: t.apps[0] ?? null,
      windowTitle: t.titles[0] ?? null,
      snippet: `${t.name}: ${t.brief}`,
      text,
      screenTextId: null,
      alsoAtMs: [],
      score,
      ...(t.device && { device: t.device }),
    };
  });
}

function summaryEvidence(store: RecallStore, terms: readonly string[], window: TimeWindow): Found[] {
  return store.summaries.listIn(window, 50).map((s) => ({
    source: 'summary' as const,
    atMs: Date.parse(s.at),
    untilMs: null,
    app: null,
    windowTitle: null,
    snippet: passageWith(terms, s.text),
    text: s.text,
    screenTextId: null,
    alsoAtMs: [],
    score: SOURCE_WEIGHT.summary * coverage(terms, s.text),
    ...(s.device && { device: s.device }),
  }));
}

function answerEvidence(store: RecallStore, terms: readonly string[], window: TimeWindow): Found[] {
  // The interview is the user's own words about their work, true whatever the time asked about.
  const interview = (store.interviewAnswers?.() ?? []).map((entry) => {
    const text = `${entry.question}\n${entry.answer}`;
    return {
      source: 'answer' as const,
      atMs: entry.atMs,
      untilMs: null,
      app: null,
      windowTitle: null,
      snippet: `You answered “${entry.answer}” to “${entry.question}”`,
      text,
      screenTextId: null,
      alsoAtMs: [],
      score: SOURCE_WEIGHT.answer * coverage(terms, text),
    };
  });
  return [...interview, ...answeredQuestions(store, terms, window)];
}

function answeredQuestions(store: RecallStore, terms: readonly string[], window: TimeWindow): Found[] {
  return store.questions
    .answered(200)
    .filter((q) => q.answeredAt !== null && Date.parse(q.answeredAt) >= window.startMs && Date.parse(q.answeredAt) < window.endMs)
    .map((q) => {
      const text = `${q.text}\n${q.answer ?? ''}`;
      return {
        source: 'answer' as const,
        atMs: Date.parse(q.askedAt),
        untilMs: null,
        app: null,
        windowTitle: q.subject || null,
        snippet: `You answered “${q.answer ?? ''}” to “${q.text}”`,
        text,
        screenTextId: null,
        alsoAtMs: [],
        score: SOURCE_WEIGHT.answer * coverage(terms, text),
        ...(q.device && { device: q.device }),
      };
    });
}

/** One line of text, whitespace collapsed. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The line of a frame's text that answers best: the most of the question's words, then one with a figure
 * (what a "how much"/"what was" asks for), then the shortest; null when no line holds any of them.
 */
export function bestLine(terms: readonly string[], text: string): string | null {
  const lines = text.split('\n').filter((l) => l.trim());
  const scored = lines.map((line) => ({ line, share: coverage(terms, line), figure: /\d/.test(line) }));
  const best = scored
    .filter((x) => x.share > 0)
    .sort((a, b) => b.share - a.share || Number(b.figure) - Number(a.figure) || a.line.length - b.line.length)[0];
  return best ? oneLine(best.line) : null;
}

/** The sentence of `text` that holds the most of the terms, at most ~200 characters. */
export function passageWith(terms: readonly string[], text: string): string {
  const sentences = text.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim());
  const best = sentences.map((s) => ({ s, n: coverage(terms, s) })).sort((a, b) => b.n - a.n)[0]?.s ?? text;
  const line = oneLine(best);
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
