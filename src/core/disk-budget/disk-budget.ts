import { readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DiskMeter } from '../../shared/contract/disk-budget';
import type { DiskUsage } from '../../shared/contract/settings';
import { iso, type Clock } from '../clock';
import type { Settings } from '../config/settings';
import type { Db } from '../store/database';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { localDateOf, localDayBounds } from '../time';
import { folderSize } from './folder-size';
import { messageOf } from '../util/message-of';

export interface DiskBudgetDeps {
  readonly db: Db;
  readonly databaseFile: string;
  readonly dataDir: string;
  readonly framesDir: string;
  readonly screenText: ScreenTextRepository;
  readonly settings: Settings;
  readonly clock: Clock;
}

/** What one pass over the budget deleted. */
export interface BudgetPrune {
  readonly at: string;
  readonly frames: number;
  readonly screenTextRows: number;
}

/** A folder walk of the data directory is cached this long: health and the window ask often. */
const MEASURE_TTL_MS = 60_000;
/** Deleted per step; between steps the event loop runs (capture, API), so pruning never holds it. */
const FRAMES_PER_STEP = 100;
const ROWS_PER_STEP = 500;
const DAY_FOLDER = /^\d{4}-\d{2}-\d{2}$/;

interface Sizes {
  readonly databaseBytes: number;
  readonly framesBytes: number;
  readonly otherDataBytes: number;
}

/**
 * The disk budget: what the profile occupies against the size cap, and pruning of the oldest
 * screen text and kept frames (by local day, oldest first) until it fits. Summaries, tasks, answers
 * and conversations are kept forever: they are small and are the memory. Today's data is never
 * pruned by the budget; the meter says when today alone is over it.
 */
export class DiskBudget {
  private sizes: { readonly at: number; readonly value: Sizes } | null = null;
  private lastPrune: BudgetPrune | null = null;
  private running: Promise<BudgetPrune> | null = null;

  constructor(private readonly deps: DiskBudgetDeps) {}

  get capBytes(): number {
    return this.deps.settings.storageCapMb * 1024 * 1024;
  }

  meter(): DiskMeter {
    const { settings, screenText } = this.deps;
    const sizes = this.measure();
    const usedBytes = sizes.databaseBytes + sizes.framesBytes + sizes.otherDataBytes;
    const oldestText = screenText.oldestAtMs();
    return {
      capBytes: this.capBytes,
      usedBytes,
      ...sizes,
      share: usedBytes / this.capBytes,
      overBudget: usedBytes > this.capBytes,
      oldestScreenTextDay: oldestText === null ? null : localDateOf(oldestText),
      oldestFrameDay: this.frameDays()[0] ?? null,
      retention: {
        framesDays: settings.framesRetentionDays ?? settings.retentionDays,
        screenTextDays: settings.screenTextRetentionDays ?? settings.retentionDays,
        summariesDays: null,
      },
      pruning: this.running !== null,
      lastPrune: this.lastPrune,
    };
  }

  /**
   * The settings view's short form of the meter: the same sizes (one measure of a profile's size, so
   * `/settings` and `/disk` never disagree), with the screen text rows and retention beside them.
   */
  usage(): DiskUsage {
    const meter = this.meter();
    return {
      databaseBytes: meter.databaseBytes,
      dataBytes: meter.framesBytes + meter.otherDataBytes,
      screenTextRows: this.deps.screenText.count(),
      retentionDays: this.deps.settings.retentionDays,
      outputRetentionDays: this.deps.settings.outputRetentionDays,
    };
  }

  /** Prunes until the profile fits the cap (one pass at a time; a second call joins the running one). */
  enforce(): Promise<BudgetPrune> {
    this.running ??= this.prune().finally(() => (this.running = null));
    return this.running;
  }

  private async prune(): Promise<BudgetPrune> {
    const { screenText, clock } = this.deps;
    const today = localDateOf(clock.now());
    const todayStart = localDayBounds(today).startMs;
    let frames = 0;
    let screenTextRows = 0;
    for (let sizes = this.measureNow(); this.total(sizes) > this.capBytes; sizes = this.measureNow()) {
      const frameDay = this.frameDays().find((day) => day < today);
      const textAt = screenText.oldestAtMs();
      const textDay = textAt !== null && textAt < todayStart ? localDateOf(textAt) : null;
      if (frameDay === undefined && textDay === null) break;
      if (frameDay !== undefined && (textDay === null || frameDay <= textDay)) frames += this.deleteFrames(frameDay);
      else screenTextRows += screenText.pruneOldest(todayStart, ROWS_PER_STEP);
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.lastPrune = { at: iso(clock.now()), frames, screenTextRows };
    return this.lastPrune;
  }

  /**
   * Fresh sizes, the WAL first copied into the database and truncated: it is part of what the
   * profile occupies and grows with the deletes themselves (a reader holding a snapshot makes the
   * checkpoint a no-op until the next step).
   */
  private measureNow(): Sizes {
    this.deps.db.pragma('wal_checkpoint(TRUNCATE)');
    return this.measure(true);
  }

  private total(sizes: Sizes): number {
    return sizes.databaseBytes + sizes.framesBytes + sizes.otherDataBytes;
  }

  /** Up to FRAMES_PER_STEP files of one day's folder; the folder goes when it is empty. */
  private deleteFrames(day: string): number {
    const dir = join(this.deps.framesDir, day);
    const files = readdirSync(dir).slice(0, FRAMES_PER_STEP);
    for (const file of files) rmSync(join(dir, file), { force: true, recursive: true });
    if (readdirSync(dir).length === 0) rmdirSync(dir);
    return files.length;
  }

  private frameDays(): string[] {
    try {
      return readdirSync(this.deps.framesDir)
        .filter((name) => DAY_FOLDER.test(name))
        .sort();
    } catch {
      return [];
    }
  }

  /** The database's pages in use (free pages are reused, so they do not count), the kept frames, the rest of the data folder. */
  private measure(fresh = false): Sizes {
    const now = Date.now();
    if (!fresh && this.sizes && now - this.sizes.at < MEASURE_TTL_MS) return this.sizes.value;
    const { db, dataDir, framesDir, databaseFile } = this.deps;
    const pages = (db.pragma('page_count', { simple: true }) as number) - (db.pragma('freelist_count', { simple: true }) as number);
    const databaseBytes = pages * (db.pragma('page_size', { simple: true }) as number) + fileSize(`${databaseFile}-wal`);
    const framesBytes = folderSize(framesDir);
    const value = { databaseBytes, framesBytes, otherDataBytes: Math.max(0, folderSize(dataDir) - framesBytes) };
    this.sizes = { at: now, value };
    return value;
  }
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * Checks the budget now and every `intervalMs` (10 minutes), off the capture path: each pass deletes
 * in small steps with the event loop free between them. Only the observing app schedules it.
 */
export function scheduleDiskBudget(budget: DiskBudget, intervalMs = 600_000): () => void {
  const run = (): void => {
    budget.enforce().catch((error: unknown) => {
      process.emitWarning(`disk budget failed (will retry): ${messageOf(error)}`);
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
