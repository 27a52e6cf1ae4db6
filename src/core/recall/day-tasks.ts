import { cleanTitle, segmentTasks } from '../memory/task-segmentation';
import type { TimeWindow } from '../store/repositories/activity-repository';
import { entitiesOf, type Entity } from './entities';
import type { RecallStore } from './retrieval';

/** A task as an answer tells it: its time, what it was in, and what it was about. */
export interface TaskView {
  readonly startMs: number;
  readonly endMs: number;
  /** Active time in the task (clipped to the time asked about). */
  readonly seconds: number;
  /** The windows it was in, by time: "Ledger 2026.xlsx and Northwind Bank — Business Portal". */
  readonly subject: string;
  readonly apps: readonly string[];
  readonly titles: readonly string[];
  /** What it was about, from its window titles and screen text: invoice numbers, vendors, people, channels. */
  readonly about: readonly string[];
  readonly switches: number;
}

const ABOUT_KINDS = new Set<Entity['kind']>(['document', 'organization', 'person', 'channel']);
/** Companies and people are what a colleague names first; then channels; then document numbers. */
const KIND_RANK: Record<Entity['kind'], number> = { organization: 0, person: 0, channel: 1, document: 2, amount: 3, email: 3, file: 3 };
const ABOUT_MAX = 3;

/**
 * The tasks of a time window, as memory cut them (or, where memory has none, cut from the spans the
 * same way), each named by what it was about: the entities of its own window titles first, then the
 * companies, people, channels and document numbers its screen text showed, in the order they appear.
 */
export function tasksIn(store: RecallStore, window: TimeWindow): TaskView[] {
  const stored = store.tasks.listTasksIn(window).map((t) => {
    const start = Date.parse(t.startedAt);
    return { startMs: start, endMs: start + t.durationSeconds * 1000, apps: t.apps, titles: t.titles, switches: t.switches };
  });
  const raw = stored.length > 0 ? stored : segmentedTasks(store, window);
  const clipped = raw
    .map((t) => ({ ...t, startMs: Math.max(t.startMs, window.startMs), endMs: Math.min(t.endMs, window.endMs) }))
    .filter((t) => t.endMs > t.startMs);
  const texts = clipped.map((t) => taskText(store, t));
  return clipped.map((t, i) => {
    const subject = subjectOf(t.apps, t.titles);
    const inTitles = new Set(entitiesOf(t.titles.join('\n')).map(entityId));
    const about = entitiesOf(texts[i]!)
      .filter((e) => ABOUT_KINDS.has(e.kind) && !subject.toLowerCase().includes(e.text.toLowerCase()))
      .map((e, order) => ({ e, rank: (inTitles.has(entityId(e)) ? 0 : 10) + KIND_RANK[e.kind] + order / 100 }))
      .sort((a, b) => a.rank - b.rank)
      .filter((x, _, all) => all.findIndex((y) => sameThing(y.e, x.e)) === all.indexOf(x))
      .slice(0, ABOUT_MAX)
      .map((x) => x.e.text);
    return { ...t, seconds: activeSeconds(store, t), subject, about };
  });
}

const entityId = (e: Entity): string => `${e.kind}:${e.key}`;
const sameThing = (a: Entity, b: Entity): boolean => a.kind === b.kind && a.key === b.key;

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

/** The task's window titles and the text read on screen during it. */
function taskText(store: RecallStore, task: { startMs: number; endMs: number; titles: readonly string[] }): string {
  const screen = store.screenText.textBetween(task.startMs, task.endMs, 30).map((e) => e.text);
  // A window's text is stored again only when it changes: a task that returns to it reads the older row.
  const lead = store.screenText.latestAt(task.startMs);
  if (lead && task.titles.includes(lead.title)) screen.push(lead.text);
  return [...task.titles, ...new Set(screen)].join('\n');
}

function activeSeconds(store: RecallStore, task: { startMs: number; endMs: number }): number {
  return store.activity.appTime({ window: task }).totalActiveSeconds;
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
    startMs: t.startMs,
    endMs: t.endMs,
    apps: t.apps,
    titles: t.titles,
    switches: t.switches,
  }));
}
