import type { ActivityRepository } from '../store/repositories/activity-repository';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import type { RowSightings, WorkItemRepository } from '../store/repositories/work-item-repository';
import { extractWorkItems } from './extract-work-items';
import { clipLine } from './work-item';

export interface WorkItemIndexDeps {
  readonly items: WorkItemRepository;
  readonly activity: ActivityRepository;
  readonly screenText: ScreenTextRepository;
  readonly now: () => number;
}

/** Rows read per step, so a day's catch-up never holds the event loop for long. */
const BATCH = 200;
/** A row this old is read for good even when its device sent nothing after it (a device that stopped syncing). */
const SETTLED_AFTER_MS = 30 * 60_000;

/**
 * The work-item index: reads the spans (their window titles) and the screen-text rows stored since it
 * last read, extracts their work items by general rules and stores where each was seen and for how
 * long: a title's items for its span, a row's items until the same device read other text or the window
 * lost the focus. It never runs on the capture path: the observing app steps it after new text, and
 * readers of the index step it before they read. A row whose end is not known yet (the newest of its
 * device) is read again at the next step.
 */
export class WorkItemIndex {
  private scheduled = false;
  private closed = false;

  constructor(private readonly deps: WorkItemIndexDeps) {}

  /** Reads everything not read yet (bounded per step); returns how many rows it read. */
  catchUp(): number {
    let read = 0;
    for (;;) {
      const step = this.step();
      read += step.read;
      if (!step.more) break;
    }
    // Rows pruned since (retention, the disk budget) took their sightings; their items' names go too.
    if (read > 0) this.deps.items.deleteOrphans();
    return read;
  }

  /** Asks for a catch-up soon, off the caller's stack, one step per turn of the event loop. */
  schedule(): void {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.closed) return;
      if (this.step().more) this.schedule();
    });
  }

  close(): void {
    this.closed = true;
  }

  /**
   * One step: up to `BATCH` spans and `BATCH` rows of screen text; returns the larger count read, and
   * whether another step would read more. A full batch that settled nothing (its first row's end is not
   * known yet, as for a device whose day runs past this clock) would read the same rows again: not more.
   */
  private step(): { read: number; more: boolean } {
    const { items } = this.deps;
    const before = [items.progress('title'), items.progress('screen')];
    const spans = this.stepTitles();
    const rows = this.stepScreens();
    const read = Math.max(spans, rows);
    const advanced = items.progress('title') !== before[0] || items.progress('screen') !== before[1];
    return { read, more: read >= BATCH && advanced };
  }

  private stepTitles(): number {
    const { items, activity, now } = this.deps;
    const spans = activity.spansAfter(items.progress('title'), BATCH);
    if (spans.length === 0) return 0;
    const rows: RowSightings[] = [];
    let settled: number | null = null;
    let unsettled = false;
    for (const span of spans) {
      const final = span.kind !== 'app' || span.endMs < now() - SETTLED_AFTER_MS || activity.hasSpanAfter(span.device, span.id);
      if (!final) unsettled = true;
      else if (!unsettled) settled = span.id;
      if (span.kind !== 'app' || !span.title) continue;
      const found = extractWorkItems(span.title, '');
      rows.push({
        source: 'title',
        refId: span.id,
        device: span.device,
        atMs: span.startMs,
        untilMs: span.endMs,
        app: span.app,
        title: span.title,
        items: found,
      });
    }
    items.store(rows, settled === null ? null : { source: 'title', lastId: settled });
    return spans.length;
  }

  private stepScreens(): number {
    const { items, activity, screenText, now } = this.deps;
    const entries = screenText.rowsAfter(items.progress('screen'), BATCH);
    if (entries.length === 0) return 0;
    const rows: RowSightings[] = [];
    let settled: number | null = null;
    let unsettled = false;
    for (const entry of entries) {
      const next = screenText.nextReadAt(entry.deviceKey, entry.atMs);
      const span = activity.appSpanOfDeviceAt(entry.deviceKey, entry.atMs);
      const until = Math.min(next ?? Number.MAX_SAFE_INTEGER, span?.endMs ?? entry.atMs);
      const final =
        next !== null || entry.atMs < now() - SETTLED_AFTER_MS || (span !== null && activity.hasSpanAfter(entry.deviceKey, span.id));
      if (!final) unsettled = true;
      else if (!unsettled) settled = entry.id;
      // What the title says is the span's sighting; the row keeps what its text adds, and the title's items whose state the text gave.
      const titleLine = clipLine(entry.title.trim());
      const found = extractWorkItems(entry.title, entry.text).filter((item) => item.line !== titleLine || item.state);
      rows.push({
        source: 'screen',
        refId: entry.id,
        device: entry.deviceKey,
        atMs: entry.atMs,
        untilMs: Math.max(entry.atMs, until),
        app: entry.app,
        title: entry.title,
        items: found,
      });
    }
    items.store(rows, settled === null ? null : { source: 'screen', lastId: settled });
    return entries.length;
  }
}
