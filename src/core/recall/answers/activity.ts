import type { Evidence } from '../../../shared/contract/evidence';
import type { DeviceRef } from '../../../shared/contract/sync';
import { formatClockTime } from '../../../shared/format-clock-time';
import { formatDuration } from '../../../shared/format-duration';
import { iso } from '../../clock';
import { localDateOf, localDayBounds } from '../../time';
import { dayWork, tasksIn, windowName, type TaskView } from '../day-tasks';
import type { WorkThread } from '../../understanding/work-threads';
import { kindWord } from '../../understanding/day-threads';
import { threadName } from '../../../shared/thread-words';
import { scopedStore } from '../device-mention';
import { answerLookup } from './lookup';
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

/**
 * "What was I working on today?", "walk me through this morning", "what did I do after lunch?": the
 * stretch's time and tasks in the first sentence, then its work threads (tasks joined by the work item
 * they share), the longest first, each with its windows, apps, time and the state it was left in.
 */
export function answerActivity(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const time = askedWindow(question, today(ctx.nowMs));
  const window = windowOf(time);
  const work = dayWork(ctx.store, window);
  const all = work.tasks;
  const about = (t: TaskView, terms: readonly string[]): boolean => terms.some((term) => termMatches(term, taskWords(t)));
  const tasks = all.filter((t) => (question.terms.length === 0 || about(t, question.terms)) && !about(t, question.without));
  if (tasks.length === 0) {
    const none = all.length === 0 ? nothingObserved(ctx, window, time.label) : `I saw nothing else ${time.label}.`;
    // Words that name no task may still name what was on screen: the best evidence answers.
    if (all.length > 0 && question.terms.length > 0) return answerLookup(ctx, question);
    return answer([none], [], false);
  }
  // For a whole stretch, app time as Today counts it; for the tasks asked about, their own time.
  const narrowed = question.terms.length > 0 || question.without.length > 0;
  const active = narrowed ? tasks.reduce((sum, t) => sum + t.seconds, 0) : ctx.store.activity.appTime({ window }).totalActiveSeconds;
  const first = tasks[0]!.startMs;
  const last = Math.max(...tasks.map((t) => t.endMs));
  const chosen = new Set(tasks);
  const threads = work.threads
    .map((thread) => ({
      thread,
      tasks: tasks.filter((t) => thread.tasks.some((x) => x.startMs === t.startMs && x.endMs === t.endMs) && chosen.has(t)),
    }))
    .filter((x) => x.tasks.length > 0)
    .map((x) => ({ ...x, seconds: x.tasks.reduce((sum, t) => sum + t.seconds, 0) }));
  const count = `${tasks.length} task${tasks.length === 1 ? '' : 's'}`;
  const joined = threads.length < tasks.length ? ` in ${threads.length} thread${threads.length === 1 ? '' : 's'} of work` : '';
  const on = question.terms.length > 0 ? ` on “${question.terms.join(' ')}”` : question.without.length > 0 ? ' on other things' : '';
  const lines = [
    `${capitalize(time.label)} you were active ${formatDuration(active)}${on}, over ${count}${joined} from ${clock(first)} to ${clock(last)}.`,
  ];
  const shown = [...threads]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, LIST_MAX)
    .sort((a, b) => a.tasks[0]!.startMs - b.tasks[0]!.startMs);
  if (threads.length > LIST_MAX) lines.push(`Most of it went to ${mainSubjects(shown)}.`);
  lines.push('', ...shown.map((x) => threadLine(x.thread, x.tasks, x.seconds)));
  const rest = threads.filter((x) => !shown.includes(x)).flatMap((x) => x.tasks);
  const cut = leftOut(
    rest.length,
    'shorter task',
    'ask about a part of the day, e.g. “what did I do between 9 and 10?”',
    rest.reduce((sum, t) => sum + t.seconds, 0),
  );
  if (cut) lines.push(cut);
  // The shorter work is named too, by what it was about: a stretch's answer leaves out no work item it touched.
  const shorter = threads.filter((x) => !shown.includes(x)).sort((a, b) => b.seconds - a.seconds);
  if (shorter.length > 0)
    lines.push(`The shorter ones: ${joinAnd(shorter.slice(0, 6).map((x) => shortThread(x.thread, x.tasks, x.seconds)))}.`);
  return answer(
    lines,
    shown.map((x) => threadEvidence(x.thread, x.tasks, x.seconds)),
  );
}

/**
 * "What was I doing at 10am?": the window and task of that moment, with what was on screen. With two
 * computers in use then, each answers for itself (this one first), named: one's window never comes
 * with the other's screen text.
 */
export function answerMoment(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  // "What was I doing?" with no time asks about the latest moment observed.
  const latest = ctx.store.activity.appSpans({ startMs: ctx.nowMs - 24 * 3_600_000, endMs: ctx.nowMs + 1 }).at(-1);
  const at = question.time?.pointMs ?? Math.min(ctx.nowMs, latest ? latest.endMs - 1 : ctx.nowMs);
  const label = question.time?.label ?? `at ${clock(at)}`;
  const inUse = ctx.devices.length > 1 ? ctx.store.activity.devicesAt(at) : [];
  if (inUse.length === 0) {
    const only = momentOnOneDevice(ctx, at, label, null, capitalize(label));
    return answer(only.lines, only.evidence, only.answered);
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
  if (spans.length === 0) return answer([nothingObserved(ctx, windowOf(time), time.label)], [], false);
  const first = spans[0]!;
  const last = spans.at(-1)!;
  const start = `You started at ${clock(first.startMs)} ${time.label}, in ${windowName(first.title ?? '', [first.app]) || first.app} (${first.app}).`;
  const end = `You were last active at ${clock(last.endMs)}, in ${windowName(last.title ?? '', [last.app]) || last.app} (${last.app}).`;
  const lines = question.edge === 'last' ? [end, `(You started at ${clock(first.startMs)}.)`] : [start, end];
  const evidence = [first, last].map((s) => spanEvidence(s, `${s.app} at ${clock(s.startMs)}`));
  return answer(lines, evidence);
}

/** "When did I take lunch?": the longest break around midday. */
export function answerBreak(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const dayMs = question.time?.startMs ?? ctx.nowMs;
  const lunch = lunchBreak(dayMs, ctx.day);
  if (!lunch) return answer([`I saw no break of 20 minutes or more around midday ${dayLabel(dayMs, ctx.nowMs)}.`], [], false);
  const before = ctx.store.activity.appSpansAround(lunch.startMs + 1).before;
  const after = ctx.store.activity.appSpansAround(lunch.endMs - 1).after;
  // The length of the minutes the answer names ("11:30–12:00 (30m)"), not of the seconds around them.
  const minute = (ms: number): number => Math.floor(ms / 60_000) * 60;
  const lines = [
    `Your lunch break was ${clock(lunch.startMs)}–${clock(lunch.endMs)} (${formatDuration(minute(lunch.endMs) - minute(lunch.startMs))}).`,
  ];
  if (after?.app) lines.push(`You came back to ${windowName(after.title ?? '', [after.app]) || after.app} (${after.app}).`);
  const evidence = [before, after].flatMap((s) => (s?.app ? [spanEvidence(s, 'around your lunch break')] : []));
  return answer(lines, evidence);
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

/** One thread in the stretch asked about: its time there, its name, the windows it was in, its apps, state and people. */
function threadLine(thread: WorkThread, tasks: readonly TaskView[], seconds: number): string {
  const start = Math.min(...tasks.map((t) => t.startMs));
  const end = Math.max(...tasks.map((t) => t.endMs));
  const name = thread.anchor ? thread.name : tasks[0]!.subject;
  // What it was, with the kind of record ("ticket PLAT-2147"), as Today and the summaries name it.
  const what = thread.anchor ? threadName({ name, kind: kindWord(thread.anchor) }) : name;
  // The windows it was in, but the one its name already is ("Ledger 2026.xlsx"), so "#5521 · fix/PLAT-2147-…" still shows.
  const windows = [...new Set(tasks.flatMap((t) => t.subject.split(' and ')))].filter((w) => !name.toLowerCase().includes(w.toLowerCase()));
  const apps = [...new Set(tasks.flatMap((t) => t.apps))];
  const visits = tasks.length > 1 ? `, ${tasks.length} tasks` : '';
  const back = tasks.length === 1 && tasks[0]!.switches >= 6 ? `, switching ${tasks[0]!.switches} times` : '';
  const state = thread.state && thread.state.atMs <= end ? ` — last seen ${thread.state.text}` : '';
  const about = [...new Set(tasks.flatMap((t) => t.about))].filter((a) => !name.includes(a)).slice(0, 3);
  // The records joined into the thread that these tasks touched ("#884" beside "PLAT-2147").
  const records = thread.records
    .filter((r) => tasks.some((t) => termMatches(r.name, `${t.titles.join(' ')} ${t.about.join(' ')}`)))
    .map((r) => r.name);
  return `- ${clock(start)}–${clock(end)} **${what}**${records.length > 0 ? ` (+ ${joinAnd(records.slice(0, 3))})` : ''}${windows.length > 0 ? ` with ${joinAnd(windows.slice(0, 3))}` : ''} (${formatDuration(seconds)}${visits}${back}; ${joinAnd(apps.slice(0, 3))})${state}${about.length > 0 ? ` — about ${joinAnd(about)}` : ''}`;
}

/** A thread in a few words: its name, the first thing it was about, its time. */
function shortThread(thread: WorkThread, tasks: readonly TaskView[], seconds: number): string {
  const name = thread.anchor ? thread.name : tasks[0]!.subject;
  // A record's number says most about short work ("ECF No. 32" over the parties it names).
  const abouts = tasks.flatMap((t) => t.about).filter((a) => !name.includes(a));
  const about = abouts.find((a) => /\d/.test(a)) ?? abouts[0];
  return `${name} (${about ? `${about}, ` : ''}${formatDuration(seconds)})`;
}

function threadEvidence(thread: WorkThread, tasks: readonly TaskView[], seconds: number): Evidence {
  const first = tasks[0]!;
  const start = Math.min(...tasks.map((t) => t.startMs));
  const end = Math.max(...tasks.map((t) => t.endMs));
  const name = thread.anchor ? thread.name : first.subject;
  return {
    claim: `${name}, ${clock(start)}–${clock(end)}`,
    at: iso(first.startMs),
    until: iso(end),
    app: first.apps[0] ?? null,
    windowTitle: first.titles[0] ?? null,
    snippet: `${name} (${formatDuration(seconds)})${aboutText(first)}`,
    source: 'task',
    open: { at: iso(first.startMs), screenTextId: null },
  };
}

/** The three threads the most time went to, with their time. */
function mainSubjects(threads: readonly { thread: WorkThread; tasks: readonly TaskView[]; seconds: number }[]): string {
  const top = [...threads].sort((a, b) => b.seconds - a.seconds).slice(0, 3);
  return joinAnd(
    top.map(({ thread, tasks, seconds }) => `${thread.anchor ? thread.name : tasks[0]!.subject} (${formatDuration(seconds)})`),
  );
}
