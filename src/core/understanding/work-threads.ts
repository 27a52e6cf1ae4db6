import type { DeviceRef } from '../../shared/contract/sync';
import type { Sighting } from '../store/repositories/work-item-repository';
import { itemViews, type ItemState } from './item-views';
import { isUser, type UserIdentity } from './user-identity';
import type { WorkItemKind } from './work-item';

/** A task as threads join them: its time, apps and windows. */
export interface ThreadTask {
  /** The stored task's id (null for a task cut from the spans for an answer). */
  readonly id: number | null;
  readonly name: string;
  readonly startMs: number;
  readonly endMs: number;
  /** Active time in it. */
  readonly seconds: number;
  readonly apps: readonly string[];
  readonly titles: readonly string[];
  readonly device?: DeviceRef;
}

/** An item a thread is about or that came up in it. */
export interface ThreadItem {
  readonly kind: WorkItemKind;
  readonly key: string;
  readonly name: string;
  /** The role or family a label gave it there ("reported by", "invoice"). */
  readonly role: string;
}

/**
 * Work on one thing across apps and hours: the tasks whose main work item is the same (a ticket seen in
 * the browser, the terminal and a chat), or a task of its own when it names none.
 */
export interface WorkThread {
  /** Stable for the same work: the anchor's kind and key, else the window its tasks were in. */
  readonly id: string;
  /** What it was: its work item's name, else its task's name. */
  readonly name: string;
  /** The work item that joins its tasks; null for a task of its own. */
  readonly anchor: ThreadItem | null;
  /** The other records its screens tied to it ("#884" that fixes the ticket, the build that tested it). */
  readonly records: readonly ThreadItem[];
  /** The windows it was mostly in, without the apps' names ("Checkout times out on Safari"). */
  readonly subject: string;
  readonly startMs: number;
  readonly endMs: number;
  /** Active time in its tasks. */
  readonly seconds: number;
  readonly apps: readonly string[];
  readonly tasks: readonly ThreadTask[];
  /** People, companies, hosts and other records that came up in it (the user left out). */
  readonly items: readonly ThreadItem[];
  /** Its work item's state when last seen (by the end of the thread's last task, or later when the caller asks). */
  readonly state: ItemState | null;
}

/** Kinds of item that can be what a task is about. */
const ANCHOR_KINDS = new Set<WorkItemKind>(['identifier', 'document']);
/** Kinds worth naming beside a thread. */
const SIDE_KINDS = new Set<WorkItemKind>(['person', 'organization', 'host', 'identifier', 'channel']);
/** Below this share of a task's time (weighted), an item is not what the task is about. */
const MIN_ANCHOR_SHARE = 0.3;
const SIDE_ITEMS_MAX = 6;
/** A screen naming more records than this lists them: it ties none together. */
const LINKED_MAX = 3;

/**
 * Joins tasks into work threads by the work item each is about: the identifier or document its window
 * titles name, else the one its screen text is about (a row that lists many records is about none of
 * them: each counts for one part in as many as the row lists). Tasks with the same item are one thread,
 * however far apart; a task about nothing in particular is a thread of its own.
 */
export function joinThreads(tasks: readonly ThreadTask[], sightings: readonly Sighting[], identity: UserIdentity): WorkThread[] {
  const anchorsPerRef = new Map<string, number>();
  for (const s of sightings) {
    if (!ANCHOR_KINDS.has(s.kind) || s.source !== 'screen') continue;
    anchorsPerRef.set(`${s.source}:${s.refId}`, (anchorsPerRef.get(`${s.source}:${s.refId}`) ?? 0) + 1);
  }
  const sorted = [...sightings].sort((a, b) => a.atMs - b.atMs);
  const linked = linkedRecords(sightings, anchorsPerRef);
  interface Group {
    readonly anchors: Map<string, { item: ThreadItem; seconds: number }>;
    readonly tasks: ThreadTask[];
    readonly sightings: Sighting[];
  }
  const groups = new Map<string, Group>();
  for (const task of [...tasks].sort((a, b) => a.startMs - b.startMs)) {
    const inTask = sorted.filter((s) => s.atMs < task.endMs && s.untilMs > task.startMs && (!task.device || sameDevice(s, task)));
    const anchor = anchorOf(task, inTask, anchorsPerRef);
    const own = anchor ? `${anchor.kind}:${anchor.key}` : null;
    // Records one screen ties together (a pull request that fixes a ticket) are one thread; a task about no
    // record is joined with the other visits of the window it was mostly in.
    const key = own ? `${linked.find(own)}` : `window:${task.titles[0] ?? task.name}`;
    const group: Group = groups.get(key) ?? { anchors: new Map(), tasks: [], sightings: [] };
    if (anchor && own) {
      const entry = group.anchors.get(own) ?? { item: anchor, seconds: 0 };
      entry.seconds += task.seconds;
      group.anchors.set(own, entry);
    }
    group.tasks.push(task);
    group.sightings.push(...inTask);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => {
      // The record the most time went to names the thread.
      const main = [...group.anchors.entries()].sort((a, b) => b[1].seconds - a[1].seconds)[0];
      const id = main ? main[0] : `window:${group.tasks[0]!.titles[0] ?? group.tasks[0]!.name}`;
      const records = [...group.anchors.values()].filter((a) => a !== main?.[1]).map((a) => a.item);
      return { ...describe(id, main?.[1].item ?? null, group.tasks, group.sightings, identity), records };
    })
    .sort((a, b) => a.startMs - b.startMs);
}

const sameDevice = (s: Sighting, task: ThreadTask): boolean => s.device?.id === task.device?.id;

/** Union-find over records: `find` gives the one a record's group is named by. */
class Links {
  private readonly parent = new Map<string, string>();
  find(key: string): string {
    const up = this.parent.get(key);
    if (up === undefined || up === key) return key;
    const root = this.find(up);
    this.parent.set(key, root);
    return root;
  }
  join(a: string, b: string): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra !== rb) this.parent.set(rb, ra);
  }
}

/**
 * Records that one screen ties together: the record a window's title names and the few records its text
 * names ("Fixes PLAT-2147" in pull request #884, "Linked incident: INC-311" in the ticket). A screen that
 * lists many records (a board, a ledger) ties none of them.
 */
function linkedRecords(sightings: readonly Sighting[], anchorsPerRef: ReadonlyMap<string, number>): Links {
  const links = new Links();
  const titled = new Map<string, Set<string>>();
  for (const s of sightings)
    if (s.source === 'title' && s.kind === 'identifier') {
      const window = `${s.app}\u0000${s.title}`;
      titled.set(window, (titled.get(window) ?? new Set()).add(`${s.kind}:${s.key}`));
    }
  for (const s of sightings) {
    if (s.source !== 'screen' || s.kind !== 'identifier' || (anchorsPerRef.get(`${s.source}:${s.refId}`) ?? 0) > LINKED_MAX) continue;
    for (const named of titled.get(`${s.app}\u0000${s.title}`) ?? []) links.join(named, `${s.kind}:${s.key}`);
  }
  // Two records in one title ("checkout-api #5521 · fix/PLAT-2147-…") are one piece of work.
  for (const keys of titled.values()) {
    const [first, ...rest] = [...keys];
    for (const other of rest) links.join(first!, other);
  }
  return links;
}

function anchorOf(task: ThreadTask, inTask: readonly Sighting[], anchorsPerRef: ReadonlyMap<string, number>): ThreadItem | null {
  const span = Math.max(1, task.endMs - task.startMs);
  const scores = new Map<string, { item: ThreadItem; score: number }>();
  for (const s of inTask) {
    if (!ANCHOR_KINDS.has(s.kind)) continue;
    const visible = Math.max(0, Math.min(s.untilMs, task.endMs) - Math.max(s.atMs, task.startMs));
    const listed = anchorsPerRef.get(`${s.source}:${s.refId}`) ?? 1;
    const weight = s.source === 'title' ? 2 : 1 / (listed * listed);
    const key = `${s.kind}:${s.key}`;
    const entry = scores.get(key) ?? { item: { kind: s.kind, key: s.key, name: s.itemName, role: s.role }, score: 0 };
    entry.score += (weight * visible) / span;
    scores.set(key, entry);
  }
  // A record the task is about beats the document it was in: code changed for a ticket belongs to the
  // ticket, "Invoice-5102.pdf" to invoice 5102.
  const best = [...scores.values()]
    .filter((x) => x.score >= MIN_ANCHOR_SHARE)
    .sort((a, b) => Number(b.item.kind === 'identifier') - Number(a.item.kind === 'identifier') || b.score - a.score)[0];
  return best?.item ?? null;
}

function describe(
  id: string,
  anchor: ThreadItem | null,
  tasks: readonly ThreadTask[],
  sightings: readonly Sighting[],
  identity: UserIdentity,
): Omit<WorkThread, 'records'> {
  const first = tasks[0]!;
  const windows = new Map<string, number>();
  for (const t of tasks) for (const title of t.titles.slice(0, 2)) windows.set(title, (windows.get(title) ?? 0) + t.seconds);
  const apps = new Map<string, number>();
  for (const t of tasks) for (const app of t.apps) apps.set(app, (apps.get(app) ?? 0) + t.seconds / t.apps.length);
  const views = itemViews(sightings);
  const anchorView = anchor ? views.find((v) => v.kind === anchor.kind && v.key === anchor.key) : undefined;
  const anchorWindows = new Set(anchorView?.windows.map((w) => `${w.app}\u0000${w.title}`) ?? []);
  const side = views
    .filter((v) => SIDE_KINDS.has(v.kind) && !(anchor && v.kind === anchor.kind && v.key === anchor.key) && !isUser(identity, v))
    .map((v) => ({ v, together: v.sightings.filter((s) => anchorWindows.has(`${s.app}\u0000${s.title}`)).length }))
    .filter((x) => !anchor || x.together > 0)
    .sort((a, b) => b.together - a.together || b.v.seconds - a.v.seconds)
    .slice(0, SIDE_ITEMS_MAX)
    .map(({ v }) => ({ kind: v.kind, key: v.key, name: v.name, role: v.roles[0] ?? '' }));
  const subject = [...windows.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? first.name;
  return {
    id,
    name: anchor ? (anchorView?.name ?? anchor.name) : first.name,
    anchor: anchor && anchorView ? { ...anchor, name: anchorView.name } : anchor,
    subject,
    startMs: Math.min(...tasks.map((t) => t.startMs)),
    endMs: Math.max(...tasks.map((t) => t.endMs)),
    seconds: tasks.reduce((sum, t) => sum + t.seconds, 0),
    apps: [...apps.entries()].sort((a, b) => b[1] - a[1]).map(([app]) => app),
    tasks,
    items: side,
    state: anchorView?.state ?? null,
  };
}
