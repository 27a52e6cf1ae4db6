import type { ResumeView, Session, Turn } from '../../shared/contract/sessions';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import type { SessionRepository } from '../store/repositories/session-repository';
import { extractiveSummary } from './extractive';
import { agoText } from '../../shared/ago-text';
import { formatDateTime } from '../../shared/format-date';
import { formatDuration } from '../../shared/format-duration';

export const DEFAULT_HISTORY_TOKENS = 6000;
/** How many summarized older turns are listed by their TOC line (the rest by topic only). */
const LISTED_OLDER_TURNS = 20;

export interface ResumeInput {
  readonly repo: SessionRepository;
  readonly activity: ActivityRepository;
  readonly session: Session;
  /** Now in the user's time, the time sessions are stamped in. */
  readonly nowMs: number;
  readonly currentPromptHash: string;
  /** Tokens of history the model's window leaves room for. */
  readonly maxHistoryTokens?: number;
  /** Lines other features add to the block (e.g. context sets and their missing files). */
  readonly extraLines?: readonly string[];
  /** The status the session had before this resume made it active. */
  readonly previousStatus?: Session['status'];
}

type HistoryMessage = ResumeView['history'][number];

const turnTokens = (t: { promptTokens: number; replyTokens: number }): number => t.promptTokens + t.replyTokens;

/** The last turns whole (as many as fit the budget) and a summary message for the older ones. */
export function buildHistory(
  repo: SessionRepository,
  sessionId: string,
  maxTokens: number,
): { history: HistoryMessage[]; wholeTurns: number; summarizedTurns: number } {
  const counts = repo.turnTokenCounts(sessionId);
  let used = 0;
  let firstWhole = counts.length + 1;
  for (let i = counts.length - 1; i >= 0; i--) {
    const cost = turnTokens(counts[i]!);
    if (used + cost > maxTokens && firstWhole <= counts.length) break;
    used += cost;
    firstWhole = counts[i]!.number;
  }
  const whole = firstWhole <= counts.length ? repo.turnRange(sessionId, firstWhole, Number.MAX_SAFE_INTEGER) : [];
  const summarized = firstWhole - 1;
  const history: HistoryMessage[] = [];
  if (summarized > 0) history.push({ role: 'system', content: olderTurnsSummary(repo, sessionId, summarized) });
  for (const turn of whole) history.push(...turnMessages(turn));
  return { history, wholeTurns: whole.length, summarizedTurns: summarized };
}

function turnMessages(turn: Turn): HistoryMessage[] {
  const messages: HistoryMessage[] = [{ role: 'user', content: turn.prompt }];
  if (turn.reply) messages.push({ role: 'assistant', content: turn.reply });
  return messages;
}

function olderTurnsSummary(repo: SessionRepository, sessionId: string, lastSummarized: number): string {
  const from = Math.max(1, lastSummarized - LISTED_OLDER_TURNS + 1);
  const listed = repo.turnRange(sessionId, from, lastSummarized);
  const topics = repo
    .titleHistory(sessionId)
    .filter((t) => t.turn <= lastSummarized)
    .reverse()
    .map((t) => `"${t.title}" (from turn ${t.turn})`);
  return [
    `Summary of turns 1–${lastSummarized} (not repeated in full):`,
    ...(topics.length ? [`Topics in order: ${topics.join(', ')}.`] : []),
    ...(from > 1 ? [`Turns 1–${from - 1}: see the topics above.`] : []),
    ...listed.map((t) => `Turn ${t.number}: ${t.summary ?? extractiveSummary(t.prompt, t.reply)}`),
  ].join('\n');
}

/** The `[RESUMED CONVERSATION]` block and the history to send when a session is picked up again. */
export function buildResume(input: ResumeInput): ResumeView {
  const { session, nowMs } = input;
  const lastActiveMs = Date.parse(session.lastActiveAt);
  // What was observed between the pause and now, on the same clock the pause was stamped in: a replayed
  // day runs on a clock of its own, so nothing of it counts as the user's work since (issue 26).
  const since = input.activity.appTime({ window: { startMs: lastActiveMs, endMs: Math.max(lastActiveMs, nowMs) } });
  // A sliver under a second (the edge of a span) is not work done since.
  const changes = since.apps
    .filter((a) => a.seconds >= 1)
    .slice(0, 5)
    .map((a) => ({ app: a.app, seconds: a.seconds }));
  const changedText = changes.length
    ? `${changes.map((c) => `${formatDuration(c.seconds)} in ${c.app}`).join(', ')} (${formatDuration(since.totalActiveSeconds)} active in all)`
    : 'no activity observed';
  const warning =
    session.systemPromptHash && session.systemPromptHash !== input.currentPromptHash
      ? "The assistant's instructions changed since this conversation began; it continues with the current ones."
      : null;
  const block = [
    '[RESUMED CONVERSATION]',
    'You are continuing a previous conversation.',
    '',
    `Conversation: ${session.type} / ${session.title || '(untitled)'}`,
    `Last active: ${agoText(lastActiveMs, nowMs)} (${formatDateTime(lastActiveMs, { timeZoneName: true })})`,
    `Messages: ${session.turnCount} exchange${session.turnCount === 1 ? '' : 's'}`,
    `Status before resuming: ${input.previousStatus ?? session.status}`,
    `Summary: ${session.contextSummary || 'none yet'}`,
    `Since then the user's observed work: ${changedText}`,
    ...(input.extraLines ?? []),
    ...(warning ? [`Note: ${warning}`] : []),
    '',
    'Previous context is loaded. The user expects you to continue where you left off.',
    'Review the conversation history and pick up naturally.',
    '[END RESUMED CONTEXT]',
  ].join('\n');
  const { history, wholeTurns, summarizedTurns } = buildHistory(input.repo, session.id, input.maxHistoryTokens ?? DEFAULT_HISTORY_TOKENS);
  return { session, block, history, wholeTurns, summarizedTurns, changesSincePause: changes, warning };
}
