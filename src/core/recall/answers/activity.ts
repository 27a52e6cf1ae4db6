import type { Evidence } from '../../../shared/contract/evidence';
import type { DeviceRef } from '../../../shared/contract/sync';
import { formatClockTime } from '../../../shared/format-clock-time';
import { formatDuration } from '../../../shared/format-duration';
import { iso } from '../../clock';
import { localDateOf, localDayBounds } from '../../time';
import { tasksIn, windowName, type TaskView } from '../day-tasks';
import { scopedStore } from '../device-mention';
import { termMatches } from '../question-terms';
import type { UnderstoodQuestion } from '../question-understanding';
import { oneLine } from '../retrieval';
import { dayLabel, lunchBreak } from '../time-understanding';
import {
  answer,
  askedWindow,
  joinAnd,
  LIST_MAX,
  leftOut,
  nothingObserved,
  today,
  windowOf,
  type RecallAnswer,
  type RecallContext,
} from './answer-kit';

const clock = (ms: number): string => formatClockTime(ms);
const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** "What was I working on today?", "what did I do after lunch?": the tasks of that time, longest named first. */
export function answerActivity(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const time = askedWindow(question, today(ctx.nowMs));
  const window = windowOf(time);
  const all = tasksIn(ctx.store, window);
  const about = (t: TaskView, terms: readonly string[]): boolean => terms.some((term) => termMatches(term, taskWords(t)));
  const tasks = all.filter((t) => (question.terms.length === 0 || about(t, question.terms)) && !about(t, question.without));
  if (tasks.length === 0) {
    const none =
      all.length === 0
        ? nothingObserved(ctx, window, time.label)
        : question.terms.length > 0
          ? `I saw nothing about “${question.terms.join(' ')}” ${time.label}.`
          : `I saw nothing else ${time.label}.`;
    return answer([none], [], ctx.nowMs, false);
  }
  // For a whole stretch, app time as Today counts it; for the tasks asked about, their own time.
  const narrowed = question.terms.length > 0 || question.without.length > 0;
  const active = narrowed ? tasks.reduce((sum, t) => sum + t.seconds, 0) : ctx.store.activity.appTime({ window }).totalActiveSeconds;
  const first = tasks[0]!.startMs;
  const last = Math.max(...tasks.map((t) => t.endMs));
  const count = `${tasks.length} task${tasks.length === 1 ? '' : 's'}`;
  const on = question.terms.length > 0 ? ` on “${question.terms.join(' ')}”` : question.without.length > 0 ? ' on other things' : '';
  const lines = [
    `${capitalize(time.label)} you were active ${formatDuration(active)}${on}, over ${count} from ${clock(first)} to ${clock(last)}.`,
  ];
  if (tasks.length > LIST_MAX) lines.push(`Most of it went to ${mainSubjects(tasks)}.`);
  const shown = [...tasks]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, LIST_MAX)
    .sort((a, b) => a.startMs - b.startMs);
  lines.push('', ...shown.map(taskLine));
  const rest = tasks.filter((t) => !shown.includes(t));
  const cut = leftOut(
    rest.length,
    'shorter task',
    'ask about a part of the day, e.g. “what did I do between 9 and 10?”',
    rest.reduce((sum, t) => sum + t.seconds, 0),
  );
  if (cut) lines.push(cut);
  return answer(lines, shown.map(taskEvidence), ctx.nowMs);
}

/**
 * "What was I doing at 10am?": the window and task of that moment, with what was on screen. With two
 * computers in use then, each answers for itself (this one first), named: one's window never comes
 * with the other's screen text.
 */
export function answerMoment(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const at = question.time!.pointMs!;
  const label = question.time!.label;
  const inUse = ctx.devices.length > 1 ? ctx.store.activity.devicesAt(at) : [];
  if (inUse.length === 0) {
    const only = momentOnOneDevice(ctx, at, label, null, capitalize(label));
    return answer(only.lines, only.evidence, ctx.nowMs, only.answered);
  }
  const parts = inUse.map((key, i) => {
    const named = ctx.devices.find((d) => d.key === key);
    const device = named ? { id: named.id, name: named.name } : null;
    return momentOnOneDevice(
      { ...ctx, store: scopedStore(ctx.store, key) },
      at,
      label,
      device,
      i === 0 ? capitalize(label) : 'At the same time',
    );
  });
  return answer(
    parts.flatMap((p) => p.lines),
    parts.flatMap((p) => p.evidence),
    ctx.nowMs,
  );
}

interface MomentPart {
  readonly lines: string[];
  readonly evidence: Evidence[];
  readonly answered: boolean;
}

/**
 * The moment in the store's work, its first line starting with `lead` ("At 10:00 AM"); `device` names
 * the computer when the profile holds several.
 */
function momentOnOneDevice(ctx: RecallContext, at: number, label: string, device: DeviceRef | null, lead: string): MomentPart {
  const on = device ? ` on ${device.name}` : '';
  const span = ctx.store.activity.spanAt(at);
  if (!span) {
    const day = localDayBounds(localDateOf(at));
    const seen = ctx.store.activity.appSpans(day);
    const observed = seen.length > 0 ? ` That day I observed you from ${clock(seen[0]!.startMs)} to ${clock(seen.at(-1)!.endMs)}.` : '';
    return { lines: [`I wasn't observing ${label}.${observed}`], evidence: [], answered: false };
  }
  if (span.kind === 'private')
    return { lines: [`${lead} a private window had the focus${on}; I never record those.`], evidence: [], answered: true };
  if (span.kind === 'idle') {
    const before = ctx.store.activity.appSpansAround(at).before;
    const was = before?.app ? ` (${windowName(before.title ?? '', [before.app]) || before.app} was open)` : '';
    return {
      lines: [`${lead} you were away${on}: no input from ${clock(span.startMs)} to ${clock(span.endMs)}${was}.`],
      evidence: [],
      answered: true,
    };
  }
  const app = span.app ?? '';
  const name = windowName(span.title ?? '', [app]) || app;
  const lines = [`${lead} you were in **${name}** (${app})${on}.`];
  const task = tasksIn(ctx.store, localDayBounds(localDateOf(at))).find((t) => t.startMs <= at && at < t.endMs);
  if (task)
    lines.push(
      `That was part of a ${formatDuration(task.seconds)} task from ${clock(task.startMs)} to ${clock(task.endMs)}: ${task.subject}${aboutText(task)}.`,
    );
  const seenOn = device ? { device } : {};
  const text = ctx.store.screenText.textOfWindowAt(at, app, span.title ?? '');
  if (text) {
    lines.push(`On screen: “${oneLine(text.text).slice(0, 160)}…”`);
    const evidence: Evidence = {
      claim: `${name} was on screen ${label}`,
      at: iso(text.atMs),
      until: null,
      app: text.app,
      windowTitle: text.title,
      snippet: oneLine(text.text).slice(0, 300),
      source: 'screen_text',
      open: { at: iso(text.atMs), screenTextId: text.id },
      ...seenOn,
    };
    return { lines, evidence: [evidence], answered: true };
  }
  const evidence: Evidence = {
    claim: `${name} was open ${label}`,
    at: iso(span.startMs),
    until: iso(span.endMs),
    app,
    windowTitle: span.title,
    snippet: span.title ?? app,
    source: 'window',
    open: { at: iso(at), screenTextId: null },
    ...seenOn,
  };
  return { lines, evidence: [evidence], answered: true };
}

/** "When did I start today?", "when did I stop working?". */
export function answerDayBounds(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const time = askedWindow(question, today(ctx.nowMs));
  const spans = ctx.store.activity.appSpans(windowOf(time));
  if (spans.length === 0) return answer([nothingObserved(ctx, windowOf(time), time.label)], [], ctx.nowMs, false);
  const first = spans[0]!;
  const last = spans.at(-1)!;
  const start = `You started at ${clock(first.startMs)} ${time.label}, in ${windowName(first.title ?? '', [first.app]) || first.app} (${first.app}).`;
  const end = `You were last active at ${clock(last.endMs)}, in ${windowName(last.title ?? '', [last.app]) || last.app} (${last.app}).`;
  const lines = question.edge === 'last' ? [end, `(You started at ${clock(first.startMs)}.)`] : [start, end];
  const evidence = [first, last].map((s) => spanEvidence(s, `${s.app} at ${clock(s.startMs)}`));
  return answer(lines, evidence, ctx.nowMs);
}

/** "When did I take lunch?": the longest break around midday. */
export function answerBreak(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const dayMs = question.time?.startMs ?? ctx.nowMs;
  const lunch = lunchBreak(dayMs, ctx.day);
  if (!lunch) return answer([`I saw no break of 20 minutes or more around midday ${dayLabel(dayMs, ctx.nowMs)}.`], [], ctx.nowMs, false);
  const before = ctx.store.activity.appSpansAround(lunch.startMs + 1).before;
  const after = ctx.store.activity.appSpansAround(lunch.endMs - 1).after;
  const lines = [
    `Your lunch break was ${clock(lunch.startMs)}–${clock(lunch.endMs)} (${formatDuration((lunch.endMs - lunch.startMs) / 1000)}).`,
  ];
  if (after?.app) lines.push(`You came back to ${windowName(after.title ?? '', [after.app]) || after.app} (${after.app}).`);
  const evidence = [before, after].flatMap((s) => (s?.app ? [spanEvidence(s, 'around your lunch break')] : []));
  return answer(lines, evidence, ctx.nowMs);
}

function spanEvidence(span: { app: string | null; title: string | null; startMs: number; endMs: number }, claim: string): Evidence {
  return {
    claim,
    at: iso(span.startMs),
    until: iso(span.endMs),
    app: span.app,
    windowTitle: span.title,
    snippet: span.title ?? span.app ?? '',
    source: 'window',
    open: { at: iso(span.startMs), screenTextId: null },
  };
}

function taskWords(task: TaskView): string {
  return [task.subject, ...task.apps, ...task.titles, ...task.about].join(' ');
}

function aboutText(task: TaskView): string {
  return task.about.length > 0 ? ` — about ${joinAnd(task.about)}` : '';
}

function taskLine(task: TaskView): string {
  const back = task.switches >= 6 ? `, switching ${task.switches} times` : '';
  return `- ${clock(task.startMs)}–${clock(task.endMs)} **${task.subject}** (${formatDuration(task.seconds)}${back})${aboutText(task)}`;
}

function taskEvidence(task: TaskView): Evidence {
  return {
    claim: `${task.subject}, ${clock(task.startMs)}–${clock(task.endMs)}`,
    at: iso(task.startMs),
    until: iso(task.endMs),
    app: task.apps[0] ?? null,
    windowTitle: task.titles[0] ?? null,
    snippet: `${task.subject} (${formatDuration(task.seconds)})${aboutText(task)}`,
    source: 'task',
    open: { at: iso(task.startMs), screenTextId: null },
  };
}

/** The three subjects the most time went to, with their total time. */
function mainSubjects(tasks: readonly TaskView[]): string {
  // "Ledger and Bank" and "Bank and Ledger" are the same work.
  const bySubject = new Map<string, { subject: string; seconds: number }>();
  for (const t of tasks) {
    const key = [...t.titles].sort().join('\u0000') || t.subject;
    const entry = bySubject.get(key) ?? { subject: t.subject, seconds: 0 };
    entry.seconds += t.seconds;
    bySubject.set(key, entry);
  }
  const top = [...bySubject.values()].sort((a, b) => b.seconds - a.seconds).slice(0, 3);
  return joinAnd(top.map(({ subject, seconds }) => `${subject} (${formatDuration(seconds)})`));
}
