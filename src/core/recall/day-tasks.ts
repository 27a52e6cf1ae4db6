import { cleanTitle, segmentTasks } from '../memory/task-segmentation';
import type { TimeWindow } from '../store/repositories/activity-repository';
import type { Sighting } from '../store/repositories/work-item-repository';
import { itemViews } from '../understanding/item-views';
import { isUser, userIdentity, type UserIdentity } from '../understanding/user-identity';
import { joinThreads, type WorkThread } from '../understanding/work-threads';
import type { RecallStore } from './retrieval';

/** A task as an answer tells it: its time, what it was in, and what it was about. */
export interface TaskView {
  readonly id: number | null;
  readonly name: string;
  readonly startMs: number;
  readonly endMs: number;
  /** Active time in the task (clipped to the time asked about). */
  readonly seconds: number;
  /** The windows it was in, by time: "Ledger 2026.xlsx and the bank's business portal". */
  readonly subject: string;
  readonly apps: readonly string[];
  readonly titles: readonly string[];
  /** What it was about: the records, companies, people and channels seen in it (the user left out). */
  readonly about: readonly string[];
  readonly switches: number;
}

/** What the day's work was: its tasks, the work items seen in it and the threads that join them. */
export interface DayWork {
  readonly tasks: readonly TaskView[];
  readonly threads: readonly WorkThread[];
  readonly sightings: readonly Sighting[];
  readonly identity: UserIdentity;
}

const ABOUT_KINDS = new Set(['identifier', 'organization', 'person', 'channel']);
/** Companies and people are what a colleague names first; then channels; then records. */
const KIND_RANK: Readonly<Record<string, number>> = { organization: 0, person: 0, channel: 1, identifier: 2 };
const ABOUT_MAX = 3;

/** The user, as the interview and their own mailbox say (never named as what their work was about). */
export function identityOf(store: RecallStore, sightings: readonly Sighting[]): UserIdentity {
  const answers = Object.fromEntries((store.interviewAnswers?.() ?? []).map((e) => [e.question, e.answer]));
  return userIdentity(answers, sightings);
}

/**
 * The work of a time window: the tasks as memory cut them (or, where memory has none, cut from the spans
 * the same way), clipped to the window, each named by what it was about, and the threads that join them.
 */
export function dayWork(store: RecallStore, window: TimeWindow): DayWork {
  const stored = store.tasks.listTasksIn(window).map((t) => {
    const start = Date.parse(t.startedAt);
    return {
      id: t.id,
      name: t.name,
      startMs: start,
      endMs: start + t.durationSeconds * 1000,
      apps: t.apps,
      titles: t.titles,
      switches: t.switches,
    };
  });
  const raw = stored.length > 0 ? stored : segmentedTasks(store, window);
  const clipped = raw
    .map((t) => ({ ...t, startMs: Math.max(t.startMs, window.startMs), endMs: Math.min(t.endMs, window.endMs) }))
    .filter((t) => t.endMs > t.startMs);
  const sightings = store.items.sightingsIn(window);
  const identity = identityOf(store, sightings);
  const active = store.activity.activeSecondsIn(clipped);
  const tasks = clipped.map((t, i) => {
    const subject = subjectOf(t.apps, t.titles);
    const seen = sightings.filter((s) => s.atMs < t.endMs && s.untilMs > t.startMs);
    const about = itemViews(seen, t)
      .filter((v) => ABOUT_KINDS.has(v.kind) && !isUser(identity, v) && !subject.toLowerCase().includes(v.name.toLowerCase()))
      .map((v) => ({ v, rank: (v.inTitle ? 0 : 10) + (KIND_RANK[v.kind] ?? 3) - Math.min(1, v.seconds / 3600) }))
      .sort((a, b) => a.rank - b.rank)
      .slice(0, ABOUT_MAX)
      .map(({ v }) => v.name);
    return { ...t, seconds: active[i]!, subject, about };
  });
  const threads = joinThreads(
    tasks.map((t) => ({
      id: t.id,
      name: t.subject,
      startMs: t.startMs,
      endMs: t.endMs,
      seconds: t.seconds,
      apps: t.apps,
      titles: t.titles,
    })),
    sightings,
    identity,
  );
  return { tasks, threads, sightings, identity };
}

/** The tasks of a time window (see `dayWork`). */
export function tasksIn(store: RecallStore, window: TimeWindow): TaskView[] {
  return [...dayWork(store, window).tasks];
}

/** The windows a task was in, without the apps' own suffixes, longest first. */
export function subjectOf(apps: readonly string[], titles: readonly string[]): string {
  const names = [...new Set(titles.map((title) => windowName(title, apps)))].filter(Boolean).slice(0, 2);
  if (names.length === 0) return apps[0] ?? 'an untitled window';
  return names.join(' and ');
}

/** A window title without its app's suffix ("Ledger 2026.xlsx - Excel" → "Ledger 2026.xlsx"). */
export function windowName(title: string, apps: readonly string[]): string {
  for (const app of apps) {
    const clean = cleanTitle(title, app);
    if (clean.length < title.trim().length) return clean;
  }
  return cleanTitle(title, '');
}

function segmentedTasks(store: RecallStore, window: TimeWindow) {
  const spans = store.activity.appSpans(window).map((s) => ({ kind: 'app' as const, ...s }));
  // appSpans leaves idle time out: a gap between two spans is what ends a task.
  const withGaps = spans.flatMap((span, i) => {
    const previous = spans[i - 1];
    return previous && span.startMs > previous.endMs
      ? [{ kind: 'idle' as const, app: null, title: null, startMs: previous.endMs, endMs: span.startMs }, span]
      : [span];
  });
  return segmentTasks(withGaps, false).map((t) => ({
    id: null,
    name: t.name,
    startMs: t.startMs,
    endMs: t.endMs,
    apps: t.apps,
    titles: t.titles,
    switches: t.switches,
  }));
}
