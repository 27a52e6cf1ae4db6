import type { LlmStatus } from '../../../shared/contract/index';
import type { Evidence } from '../../../shared/contract/evidence';
import { formatDuration } from '../../../shared/format-duration';
import { separateListBlocks } from '../../../shared/reply-blocks';
import type { TimeWindow } from '../../store/repositories/activity-repository';
import { localDateOf, localDayBounds } from '../../time';
import { evidenceBlock } from '../evidence-format';
import type { UnderstoodQuestion } from '../question-understanding';
import type { Found, RecallStore } from '../retrieval';
import type { AskedTime, DayShape } from '../time-understanding';
import type { NamedDevice } from '../device-mention';

/** A reply in Markdown and the evidence each of its claims rests on. */
export interface RecallAnswer {
  readonly markdown: string;
  readonly evidence: readonly Evidence[];
  /** Whether the store held what the question asked for (false: "I found nothing …"). */
  readonly answered: boolean;
}

/** What every answer reads. */
export interface RecallContext {
  readonly store: RecallStore;
  readonly nowMs: number;
  readonly day: DayShape;
  /** Whether screen text is being read at all (to say so when nothing is found). */
  readonly ocrEnabled: boolean;
  /** The language model's state (the offline answer to what it cannot answer says why no model helped). */
  readonly llm: LlmStatus;
  /** The devices whose work the store holds (none listed while it holds only this one's, or one was named). */
  readonly devices: readonly NamedDevice[];
}

/** At most this many items are listed; the rest are counted, never dropped silently. */
export const LIST_MAX = 8;

/** Today so far, named as answers name it. */
export function today(nowMs: number): AskedTime {
  const day = localDayBounds(localDateOf(nowMs));
  return { startMs: day.startMs, endMs: Math.max(day.startMs, nowMs), label: 'today', pointMs: null };
}

/** All of history up to now ("ever"). */
export function allHistory(nowMs: number): AskedTime {
  return { startMs: 0, endMs: nowMs + 1, label: 'so far', pointMs: null };
}

/** The window a question asks about, or its kind's default. */
export function askedWindow(question: UnderstoodQuestion, fallback: AskedTime): AskedTime {
  return question.time ?? fallback;
}

/**
 * A reply: its lines (a list and the sentence after it apart), then the evidence block (unless the lines
 * already quote every piece), and the evidence kept with the turn either way.
 */
export function answer(
  lines: readonly string[],
  evidence: readonly Evidence[],
  nowMs: number,
  answered = true,
  { quotedInLines = false }: { quotedInLines?: boolean } = {},
): RecallAnswer {
  const block = quotedInLines ? [] : evidenceBlock(evidence, nowMs);
  return {
    markdown: separateListBlocks([...lines, ...block])
      .join('\n')
      .trim(),
    evidence,
    answered,
  };
}

/** "Acme Supplies, Initech Software and Wayne Freight". */
export function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The line a cut list ends with, so an answer never stops silently. */
export function leftOut(count: number, noun: string, hint: string, seconds?: number): string | null {
  if (count <= 0) return null;
  const time = seconds === undefined ? '' : ` (${formatDuration(seconds)} in all)`;
  return `…and ${count} ${noun}${count === 1 ? '' : 's'}${time}; ${hint}.`;
}

/** A sentence for a window without any observation, saying what privacy kept out when it did. */
export function nothingObserved(ctx: RecallContext, window: TimeWindow, label: string): string {
  const time = ctx.store.activity.appTime({ window });
  if (time.privateSeconds > 0 && time.totalActiveSeconds === 0)
    return `Only private windows were open ${label} (${formatDuration(time.privateSeconds)}); I never record them.`;
  return `I have no activity recorded ${label}.`;
}

/** When nothing was found: private windows are never recorded, and how much private time the window held. */
export function privateNote(ctx: RecallContext, time: AskedTime): string {
  const window = time.label === 'so far' ? today(ctx.nowMs) : time;
  const { privateSeconds } = ctx.store.activity.appTime({ window: windowOf(window) });
  if (privateSeconds <= 0) return '';
  return ` Private windows (password managers, private browsing) are never recorded: ${formatDuration(privateSeconds)} of private time ${window.label}.`;
}

/** The words of the question as the reply quotes them back. */
export function quoted(question: UnderstoodQuestion): string {
  return `“${question.terms.join(' ')}”`;
}

/** Closest evidence, when nothing answers a question outright. */
export function closest(found: readonly Found[], count = 3): Found[] {
  // One piece per window: its title, task and text would say the same thing three times.
  const firstOfWindow = (f: Found, i: number): boolean =>
    f.app === null || found.findIndex((x) => x.app === f.app && x.windowTitle === f.windowTitle) === i;
  return found.filter(firstOfWindow).slice(0, count);
}

export function windowOf(time: AskedTime): TimeWindow {
  return { startMs: time.startMs, endMs: time.endMs };
}
