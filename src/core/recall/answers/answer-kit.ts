import type { LlmStatus } from '../../../shared/contract/index';
import type { Evidence } from '../../../shared/contract/evidence';
import { formatDuration } from '../../../shared/format-duration';
import { defaultExclusionRules } from '../../config/settings';
import type { TimeWindow } from '../../store/repositories/activity-repository';
import type { Sighting } from '../../store/repositories/work-item-repository';
import { localDateOf, localDayBounds } from '../../time';
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
 * A reply: its lines in Markdown, and the evidence kept with the turn. The evidence is shown once, by
 * whatever shows the turn (the window's "Evidence" section, the transcript, MCP), never repeated in the
 * reply. A list and the line after it ("…and 9 shorter tasks") are separate blocks.
 */
export function answer(lines: readonly string[], evidence: readonly Evidence[], answered = true): RecallAnswer {
  const blocks: string[] = [];
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    // A line that follows a list item without being one starts a new paragraph, not a lazy continuation.
    if (previous !== undefined && /^\s*- /.test(previous) && !/^\s*- /.test(line) && line !== '') blocks.push('');
    blocks.push(line);
  });
  return {
    markdown: blocks
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    evidence,
    answered,
  };
}

/** "Alder Foods, Birch Labs and Cedar Freight". */
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

/** Words that ask about what privacy kept out. */
const PRIVATE_WORDS = new Set([
  'private',
  'incognito',
  'excluded',
  'hidden',
  'secret',
  'vault',
  'password',
  'passwords',
  'credentials',
  'login',
  'logins',
]);

/** Whether a word of the question is an app or window a default privacy rule keeps out ("1password" → password manager). */
function namedByRule(term: string, reasons: readonly string[]): boolean {
  return defaultExclusionRules.some(
    (rule) =>
      reasons.includes(rule.reason ?? '') &&
      [rule.app, rule.title].some((pattern) => pattern !== undefined && new RegExp(`^(?:${pattern})$`, 'i').test(term)),
  );
}

/**
 * "What did my password manager show?", "what was in the private window?": what privacy kept out is
 * never recorded; the answer says so and how much private time there was, naming the rules that kept it out.
 */
export function answerPrivate(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer | null {
  const time = askedWindow(question, today(ctx.nowMs));
  const rules = ctx.store.activity.privateTimeByRule(windowOf(time));
  if (rules.length === 0 || question.terms.length === 0) return null;
  const asked =
    question.terms.some((t) => PRIVATE_WORDS.has(t)) ||
    rules.some((r) => {
      const words = r.rule
        .toLowerCase()
        .split(/\W+/)
        .filter((w) => w.length > 2);
      return (
        words.length > 0 &&
        words.filter((w) => question.terms.some((t) => t.startsWith(w.slice(0, 5)) || w.startsWith(t.slice(0, 5)))).length * 2 >=
          words.length
      );
    }) ||
    question.terms.some((t) =>
      namedByRule(
        t,
        rules.map((r) => r.rule),
      ),
    );
  if (!asked) return null;
  const total = rules.reduce((sum, r) => sum + r.seconds, 0);
  return answer(
    [
      `Private windows are never recorded: ${formatDuration(total)} of private time ${time.label} (${joinAnd(rules.map((r) => `${r.rule}: ${formatDuration(r.seconds)}`))}), and nothing of what they showed was kept.`,
    ],
    [],
  );
}

/** The words of the question as the reply quotes them back, as the user wrote them ("OPS-1187", not "ops-1187"). */
export function quoted(question: UnderstoodQuestion): string {
  return `“${asAsked(question)}”`;
}

/** The question's terms in the case the user wrote them. */
export function asAsked(question: UnderstoodQuestion): string {
  return question.terms
    .map((term) => {
      const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').exec(question.text)?.[0] ?? term;
    })
    .join(' ');
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

/** A row's text (a screen or a window) as the work-item index read it: its app and title, then each sighting's line. */
export function rowText(row: readonly Sighting[]): string {
  let text = `${row[0]!.app} ${row[0]!.title}`;
  for (const s of row) text += `\n${s.line}`;
  return text;
}
