import type { Clock } from '../clock';
import type { Settings } from '../config/settings';
import type { EventBus } from '../events';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import type { CoverageSink } from '../store/repositories/coverage-repository';
import type { WritabilityMonitor } from '../store/writability-monitor';
import type { Frame } from './frame';
import type { CaptureSource } from './sources/capture-source';

export interface ObserverDeps {
  readonly settings: Settings;
  readonly source: CaptureSource;
  readonly clock: Clock;
  readonly activity: ActivityRepository;
  readonly events: EventBus;
  /** Where frames go when the user turned on "keep screenshots". */
  readonly keptFrames?: { keep(frame: Frame & { image: Buffer }): Promise<unknown> };
  /** Redaction of titles and the privacy report's counts (src/core/privacy); titles pass as they are without it. */
  readonly privacy?: ObserverPrivacy;
  readonly probeTimeoutMs?: number;
  /**
   * Whether something reads the images of frames now (OCR, kept screenshots, a vision model, MCP):
   * when not, frames that pass dedup are not encoded (`Frame.image` null). Default: always encoded.
   */
  readonly imageWanted?: () => boolean;
  /** Where the record of when observation ran goes (`observation_coverage`). */
  readonly coverage?: CoverageSink;
  /** Whether the profile can be written; capture pauses itself while it cannot. */
  readonly writability?: WritabilityMonitor;
}

/** What the observer tells the privacy layer, and the titles it asks it to make safe. */
export interface ObserverPrivacy {
  /** The window title as it may be kept and shown: secrets in it replaced. */
  title(raw: string, atMs: number): string;
  /** A screenshot was thrown away to protect privacy (`focus-moved`: taken while the focus moved). */
  frameDropped(reason: string, atMs: number): void;
  /** Excluded windows painted black in one screenshot. */
  regionsBlackedOut(count: number, atMs: number): void;
}
