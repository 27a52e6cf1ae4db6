import { systemClock, type Clock } from '../clock';
import type { ProfilePaths } from '../config/paths';
import type { Settings } from '../config/settings';
import type { EventBus } from '../events';
import type { Db } from '../store/database';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import { CoverageRepository } from '../store/repositories/coverage-repository';
import { WritabilityMonitor } from '../store/writability-monitor';
import { followInterviewExclusions } from './interview-exclusions';
import { Observer, type ObserverDeps, type ObserverPrivacy } from './observer';
import type { CaptureSource } from './sources/capture-source';

export interface ObservationDeps {
  readonly db: Db;
  readonly settings: Settings;
  /** Its settings file keeps the interview's "never observe" answer as exclusion rules. */
  readonly paths: ProfilePaths;
  readonly source: CaptureSource;
  readonly clock: Clock;
  readonly activity: ActivityRepository;
  readonly events: EventBus;
  /** What observation asks of the privacy layer: where kept screenshots go, and titles made safe. */
  readonly privacy: { readonly frames: ObserverDeps['keptFrames']; readonly observer: ObserverPrivacy };
  /** The model the core uses: a vision model reads frame images too. */
  readonly llm: { readonly visionEnabled: boolean };
}

/** The observer, the record of when it ran, and whether the profile can be written (capture pauses while it cannot). */
export interface Observation {
  readonly observer: Observer;
  readonly coverage: CoverageRepository;
  readonly writability: WritabilityMonitor;
}

/** The observer with its coverage and writability, following the interview's "never observe" answer. */
export function createObservation(deps: ObservationDeps): Observation {
  const { db, settings, source, clock, activity, events, privacy, llm } = deps;
  const coverage = new CoverageRepository(db);
  // The disk fails and recovers in the computer's time, not in a replay's.
  const writability = new WritabilityMonitor({ clock: systemClock, probeWrite: (at) => coverage.probeWrite(at) });
  const observer = new Observer({
    settings,
    source,
    clock,
    activity,
    events,
    keptFrames: privacy.frames,
    privacy: privacy.observer,
    coverage: coverage.sink(source.kind),
    writability,
    // Every reader of frame images; with none on, a screenshot that passes dedup is not encoded.
    imageWanted: () => settings.ocrEnabled || settings.keepScreenshots || settings.mcpAllowImages || llm.visionEnabled,
  });
  followInterviewExclusions({
    events,
    settingsFile: deps.paths.settings,
    settings,
    applyExclusions: (rules) => observer.setExclusions(rules),
  });
  return { observer, coverage, writability };
}
