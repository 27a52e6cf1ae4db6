import type { Question, WorkSessionSummary } from '../../shared/contract/memory';
import type { KnownTask, MemoryTaskRepository } from '../store/repositories/memory-task-repository';
import type { MemoryQuestionRepository } from '../store/repositories/memory-question-repository';
import type { MemorySummaryRepository } from '../store/repositories/memory-summary-repository';
import type { MemoryInterviewRepository } from '../store/repositories/memory-interview-repository';
import { formatDuration } from '../../shared/format-duration';
import { overlap, wordSet } from './text-similarity';
import { tokenCount, truncateToTokens } from '../llm/tokens';

/** One piece of history that may go into a call's context. */
export interface HistoryItem {
  readonly kind: 'summary' | 'task' | 'answer';
  readonly label: string;
  readonly text: string;
  readonly atMs: number;
  readonly words: ReadonlySet<string>;
  /** Filled on first use; history is loaded once per work session and reused for every call. */
  tokens?: number;
}

export interface HistoricalContext {
  readonly interviewSummary: string | null;
  readonly knownTasks: readonly KnownTask[];
  readonly previousWorkSessionSummaries: readonly WorkSessionSummary[];
  readonly relevantQA: readonly Question[];
  readonly items: readonly HistoryItem[];
  readonly loadedAtMs: number;
}

export interface HistoryRepos {
  readonly summaries: MemorySummaryRepository;
  readonly tasks: MemoryTaskRepository;
  readonly questions: MemoryQuestionRepository;
  readonly interview: MemoryInterviewRepository;
}

/** Longest excerpt of one past summary, so one long day cannot fill the history tier alone. */
const SUMMARY_EXCERPT_TOKENS = 160;

/** Past final summaries, known task patterns and answered questions, loaded once (at work-session start). */
export function loadHistoricalContext(
  repos: HistoryRepos,
  nowMs: number,
  limits = { summaries: 400, tasks: 300, answers: 300 },
): HistoricalContext {
  const summaries = repos.summaries.finalSummaries(limits.summaries);
  const knownTasks = repos.tasks.knownTasks(limits.tasks);
  const answered = repos.questions.answered(limits.answers);
  const items: HistoryItem[] = [];
  for (const s of summaries) {
    const day = s.at.slice(0, 10);
    const text = `${day} (${formatDuration(s.durationSeconds)}): ${s.text.replace(/\s+/g, ' ')}`;
    items.push({
      kind: 'summary',
      label: `summary of work session ${s.workSessionId} (${day})`,
      text,
      atMs: Date.parse(s.at),
      words: wordSet(`${s.text} ${s.tasks.join(' ')} ${s.apps.join(' ')}`),
    });
  }
  for (const t of knownTasks) {
    const text = `Known task “${t.name}”: seen ${t.occurrences}×, typically ${formatDuration(t.typicalSeconds)}, in ${t.apps.join(', ')}. ${t.brief}`;
    items.push({
      kind: 'task',
      label: `known task ${t.name}`,
      text,
      atMs: t.lastSeenMs,
      words: wordSet(`${t.name} ${t.apps.join(' ')} ${t.titles.join(' ')}`),
    });
  }
  for (const q of answered) {
    const text = `Asked ${q.askedAt.slice(0, 10)}: ${q.text} Answer: ${q.answer ?? ''}`;
    items.push({
      kind: 'answer',
      label: `answered question ${q.id}`,
      text,
      atMs: Date.parse(q.answeredAt ?? q.askedAt),
      words: wordSet(`${q.text} ${q.answer ?? ''}`),
    });
  }
  return {
    interviewSummary: repos.interview.summary()?.text ?? null,
    knownTasks,
    previousWorkSessionSummaries: summaries,
    relevantQA: answered,
    items,
    loadedAtMs: nowMs,
  };
}

export interface RelevantHistory {
  readonly text: string;
  readonly tokens: number;
  readonly included: ReadonlyArray<{ label: string; tokens: number }>;
  readonly dropped: ReadonlyArray<{ label: string; tokens: number; reason: string }>;
}

const MAX_DROPPED_LISTED = 15;

/**
 * Past context that fits `budget` tokens, best first: relevance is word overlap with the current
 * activity, blended with recency (a two-week half-life) so yesterday outranks last spring.
 */
export function getRelevantHistory(history: HistoricalContext, currentActivity: string, nowMs: number, budget = 1000): RelevantHistory {
  const query = wordSet(currentActivity);
  const ranked = history.items
    .map((item) => {
      const ageDays = Math.max(0, (nowMs - item.atMs) / 86_400_000);
      const recency = Math.pow(0.5, ageDays / 14);
      const kindBoost = item.kind === 'answer' ? 0.1 : 0;
      return { item, score: 0.6 * overlap(query, item.words) + 0.4 * recency + kindBoost };
    })
    .sort((a, b) => b.score - a.score || b.item.atMs - a.item.atMs);

  const parts: string[] = [];
  const included: Array<{ label: string; tokens: number }> = [];
  const dropped: Array<{ label: string; tokens: number; reason: string }> = [];
  let used = 0;
  let unlisted = 0;
  for (const { item } of ranked) {
    const left = budget - used;
    if (left < 25) {
      if (dropped.length < MAX_DROPPED_LISTED)
        dropped.push({ label: item.label, tokens: item.tokens ?? 0, reason: 'history budget spent' });
      else unlisted++;
      continue;
    }
    if (item.kind === 'summary' && item.tokens === undefined) {
      const excerpt = truncateToTokens(item.text, SUMMARY_EXCERPT_TOKENS);
      (item as { text: string }).text = excerpt;
    }
    // The "- " bullet and the line break cost a token each.
    item.tokens ??= tokenCount(item.text) + 2;
    if (item.tokens > left) {
      if (dropped.length < MAX_DROPPED_LISTED)
        dropped.push({ label: item.label, tokens: item.tokens, reason: 'does not fit the history budget' });
      else unlisted++;
      continue;
    }
    parts.push(`- ${item.text}`);
    included.push({ label: item.label, tokens: item.tokens });
    used += item.tokens;
  }
  if (unlisted > 0) dropped.push({ label: `${unlisted} more lower-ranked history items`, tokens: 0, reason: 'history budget spent' });
  let text = parts.join('\n');
  let tokens = tokenCount(text);
  // Token merges across joined lines can differ from the per-item counts; never hand back more than the budget.
  while (tokens > budget && parts.length > 0) {
    parts.pop();
    const removed = included.pop()!;
    dropped.push({ ...removed, reason: 'does not fit the history budget' });
    text = parts.join('\n');
    tokens = tokenCount(text);
  }
  return { text, tokens, included, dropped };
}
