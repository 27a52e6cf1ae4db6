import type { DeviceRef } from '../../shared/contract/sync';
import type { Sighting } from '../store/repositories/work-item-repository';
import { stateClass, type StateClass, type WorkItemKind } from './work-item';

/** The state a work item was last seen in, and where. */
export interface ItemState {
  readonly text: string;
  readonly cls: StateClass | null;
  readonly atMs: number;
  readonly app: string;
  readonly title: string;
  readonly line: string;
  readonly refId: number;
  readonly source: Sighting['source'];
}

/** One window a work item was seen in, with how long it was on screen there. */
export interface ItemWindow {
  readonly app: string;
  readonly title: string;
  readonly seconds: number;
  readonly firstMs: number;
  readonly lastMs: number;
}

/** A work item over a stretch of time: when it was on screen, for how long, where, and in what roles and state. */
export interface ItemView {
  readonly id: number;
  readonly kind: WorkItemKind;
  readonly key: string;
  readonly name: string;
  /** Every way it was written, most seen first. */
  readonly forms: readonly string[];
  readonly firstMs: number;
  readonly lastMs: number;
  /** Time it was on screen (its sightings' stretches merged). */
  readonly seconds: number;
  /** Whether a window title named it (it was opened, not only listed). */
  readonly inTitle: boolean;
  readonly apps: readonly string[];
  readonly windows: readonly ItemWindow[];
  /** Roles and families labels gave it ("reported by", "invoice"), most seen first. */
  readonly roles: readonly string[];
  readonly labels: readonly string[];
  readonly state: ItemState | null;
  readonly sightings: readonly Sighting[];
  readonly device?: DeviceRef;
}

/** Merged length of stretches, in ms. */
export function mergedMs(stretches: readonly { readonly atMs: number; readonly untilMs: number }[]): number {
  const sorted = [...stretches].sort((a, b) => a.atMs - b.atMs);
  if (sorted.length === 0) return 0;
  let total = 0;
  let start = sorted[0]!.atMs;
  let end = sorted[0]!.untilMs;
  for (const s of sorted.slice(1)) {
    if (s.atMs > end) {
      total += Math.max(0, end - start);
      start = s.atMs;
      end = s.untilMs;
    } else end = Math.max(end, s.untilMs);
  }
  return total + Math.max(0, end - start);
}

const byCount = (values: readonly string[]): string[] => {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([v]) => v);
};

/** The sightings of a stretch of time, as one view per item, in order of first sight. */
export function itemViews(sightings: readonly Sighting[], window?: { startMs: number; endMs: number }): ItemView[] {
  const clip = (s: Sighting): { atMs: number; untilMs: number } =>
    window ? { atMs: Math.max(s.atMs, window.startMs), untilMs: Math.min(s.untilMs, window.endMs) } : s;
  const byItem = new Map<number, Sighting[]>();
  for (const s of sightings) {
    const list = byItem.get(s.itemId);
    if (list) list.push(s);
    else byItem.set(s.itemId, [s]);
  }
  const views: ItemView[] = [];
  for (const [id, seen] of byItem) {
    const first = seen[0]!;
    const windows = new Map<string, Sighting[]>();
    for (const s of seen) {
      const key = `${s.app}\u0000${s.title}`;
      const list = windows.get(key);
      if (list) list.push(s);
      else windows.set(key, [s]);
    }
    const stated = seen.filter((s) => s.state).sort((a, b) => a.atMs - b.atMs || a.refId - b.refId);
    const last = stated.at(-1);
    const progress = last ? /(\d+) of (\d+)$/.exec(last.state) : null;
    views.push({
      id,
      kind: first.kind,
      key: first.key,
      name: first.itemName,
      forms: byCount(seen.map((s) => s.name)),
      firstMs: Math.min(...seen.map((s) => clip(s).atMs)),
      lastMs: Math.max(...seen.map((s) => clip(s).untilMs)),
      seconds: Math.round(mergedMs(seen.map(clip)) / 1000),
      inTitle: seen.some((s) => s.source === 'title'),
      apps: byCount(seen.map((s) => s.app)),
      windows: [...windows.values()]
        .map((ws) => ({
          app: ws[0]!.app,
          title: ws[0]!.title,
          seconds: Math.round(mergedMs(ws.map(clip)) / 1000),
          firstMs: Math.min(...ws.map((s) => s.atMs)),
          lastMs: Math.max(...ws.map((s) => s.untilMs)),
        }))
        .sort((a, b) => b.seconds - a.seconds),
      roles: byCount(seen.map((s) => s.role)),
      labels: byCount(seen.map((s) => s.label)),
      state: last
        ? {
            text: last.state,
            cls: progress ? stateClass(`${progress[1]} of ${progress[2]}`) : stateClass(last.state),
            atMs: last.atMs,
            app: last.app,
            title: last.title,
            line: last.line,
            refId: last.refId,
            source: last.source,
          }
        : null,
      sightings: seen,
      ...(first.device && { device: first.device }),
    });
  }
  return views.sort((a, b) => a.firstMs - b.firstMs);
}
