import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ShadowCore } from './shadow-core';
import { localDateOf } from './time';
import { messageOf } from './util/message-of';

const DAY_MS = 86_400_000;

export interface RetentionResult {
  readonly screenTextRows: number;
  readonly contextReceipts: number;
  readonly outputs: number;
  /** Folders of kept screenshots (one per day) deleted. */
  readonly frameDays: number;
  /** The privacy report's daily counters and LLM call records. */
  readonly privacyRecords: number;
}

/** Deletes kept screenshots of days before `cutoffDay` (folders are named YYYY-MM-DD). */
function pruneKeptFrames(framesDir: string, cutoffDay: string): number {
  let removed = 0;
  let days: string[];
  try {
    days = readdirSync(framesDir);
  } catch {
    return 0;
  }
  for (const day of days) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(day) && day < cutoffDay) {
      rmSync(join(framesDir, day), { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Deletes what the user's retention settings say is too old: OCR text, context receipts, kept
 * screenshots and the privacy report's records after `retentionDays`, stored outputs after `outputRetentionDays`.
 */
export function applyRetention(core: ShadowCore): RetentionResult {
  const now = core.clock.now();
  const cutoff = now - core.settings.retentionDays * DAY_MS;
  return {
    screenTextRows: core.screenText.pruneScreenText(now - (core.settings.screenTextRetentionDays ?? core.settings.retentionDays) * DAY_MS),
    contextReceipts: core.memory.repositories.receipts.pruneBefore(cutoff),
    outputs: core.outputs.prune(),
    frameDays: pruneKeptFrames(
      join(core.paths.data, 'frames'),
      localDateOf(now - (core.settings.framesRetentionDays ?? core.settings.retentionDays) * DAY_MS),
    ),
    privacyRecords: core.privacy.prune(cutoff),
  };
}

/**
 * Runs retention now and then every `intervalMs` (hourly). Only the observing app schedules it:
 * read-only processes (`shadow mcp`, the CLI) open the same database and must not delete from it.
 */
export function scheduleRetention(core: ShadowCore, intervalMs = 3_600_000): () => void {
  const run = (): void => {
    try {
      applyRetention(core);
    } catch (error) {
      process.emitWarning(`retention failed (will retry in an hour): ${messageOf(error)}`);
    }
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
