import { formatClockTime } from '../shared/format-clock-time';
import type { Db } from './store/database';
import { DomainError } from './errors';
import type { MemoryRepositories } from './memory/memory-repositories';
import type { Privacy } from './privacy/create-privacy';
import type { ActivityRepository, TimeWindow } from './store/repositories/activity-repository';
import type { CoverageRepository } from './store/repositories/coverage-repository';
import type { ScreenTextRepository } from './store/repositories/screen-text-repository';
import { localDateOf, localDayBounds } from './time';

export interface ReplayResetDeps {
  readonly db: Db;
  readonly activity: ActivityRepository;
  readonly coverage: CoverageRepository;
  readonly screenText: ScreenTextRepository;
  readonly memory: Pick<MemoryRepositories, 'questions' | 'receipts'>;
  readonly privacy: Pick<Privacy, 'forgetReplayed'>;
}

export interface ReplayReset {
  /** Work sessions of an earlier replay of this time that were replaced. */
  readonly workSessions: number;
  readonly screenTextRows: number;
}

/**
 * Makes replaying a recorded day idempotent: what an earlier replay of the same time stored (its work
 * sessions with their spans, tasks and summaries, the questions nobody answered, context receipts, screen
 * text, coverage and the privacy report's records) is removed in one transaction before the day plays again, so a day replayed twice
 * counts once. Time the desktop was observed is never replaced: a replay over it is refused, with the
 * way out in the message.
 */
export function resetReplayedWindow(deps: ReplayResetDeps, window: TimeWindow): ReplayReset {
  const desktop = deps.activity.spansOfOtherSourceIn('replay', window);
  if (desktop) {
    throw new DomainError(
      'conflict',
      'replay_overlaps_desktop',
      `This profile already holds what the desktop showed on ${localDateOf(desktop.startMs)} from ${formatClockTime(desktop.startMs)} to ${formatClockTime(desktop.endMs)}, inside the recorded day; replaying over it would count that time twice. Replay into another profile instead: SHADOW_PROFILE=replay shadow start --replay <dir>.`,
    );
  }
  return deps.db.transaction((): ReplayReset => {
    const ids = deps.activity.workSessionIdsIn('replay', window);
    deps.memory.questions.deleteUnansweredOf(ids);
    deps.memory.receipts.deleteForWorkSessions(ids);
    deps.activity.deleteWorkSessions(ids);
    const screenTextRows = deps.screenText.deleteBetween(window);
    deps.coverage.deleteWindow('replay', window);
    // The report counts per day: a day's counters go only where replays alone observed that day.
    const replayOnlyDays = daysOf(window).filter((day) => !deps.activity.spansOfOtherSourceIn('replay', localDayBounds(day)));
    deps.privacy.forgetReplayed(replayOnlyDays, window);
    return { workSessions: ids.length, screenTextRows };
  })();
}

/** The local days a window touches. */
function daysOf(window: TimeWindow): string[] {
  const days = new Set<string>();
  for (let at = window.startMs; at < window.endMs; at += 3_600_000) days.add(localDateOf(at));
  days.add(localDateOf(Math.max(window.startMs, window.endMs - 1)));
  return [...days];
}
