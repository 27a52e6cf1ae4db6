import { iso } from '../clock';
import type { Settings } from '../config/settings';
import type { EventBus } from '../events';
import { BoundedFifo } from '../util/bounded-fifo';
import type { Frame, SignificantChange } from './frame';
import { changedShare, fingerprintImageCached } from './frame-fingerprint';
import { ProbeRecord } from './probe-record';
import type { ObserverPrivacy } from './observer';
import { detectSignificantChange } from './significant-change';
import type { ActiveWindow, CaptureSource } from './sources/capture-source';
import { withTimeout } from './with-timeout';

export interface FrameCaptureDeps {
  readonly settings: Settings;
  readonly source: CaptureSource;
  readonly events: EventBus;
  /** Where frames go when the user turned on "keep screenshots" (the privacy module's frame vault). */
  readonly keptFrames?: { keep(frame: Frame): Promise<unknown> };
  /** Counts frames dropped and windows blacked out for the privacy report. */
  readonly privacy?: ObserverPrivacy;
  /** Whether a window is excluded (its parts are blacked out of the screenshot). */
  readonly isExcluded: (window: ActiveWindow) => boolean;
  /** The current window, as the observer sees it (for the immediate context it announces). */
  readonly onFrameKept: () => void;
  readonly onFailure: (error: unknown) => void;
}

const NO_WINDOW: ActiveWindow = { app: 'Desktop', title: '' };

/**
 * Screenshots of the focused window: taken, checked (the focus must not have moved meanwhile),
 * deduplicated against the previous frame, kept in the FIFO and announced (`frame:kept`).
 */
export class FrameCapture {
  readonly frames: BoundedFifo<Frame>;
  readonly probe = new ProbeRecord();
  readonly counters = { framesCaptured: 0, framesSkipped: 0 };
  lastCaptureAt = Number.NEGATIVE_INFINITY;
  lastCaptureIso: string | null = null;
  lastChange: SignificantChange | null = null;
  private nextFrameId = 1;

  constructor(private readonly deps: FrameCaptureDeps) {
    this.frames = new BoundedFifo<Frame>(deps.settings.frameBufferSize);
  }

  /** A capture is due on a switch, or every `captureIntervalSec`. */
  due(at: number, switched: boolean): boolean {
    return switched || at - this.lastCaptureAt >= this.deps.settings.captureIntervalSec * 1000;
  }

  /** `window` as the source reported it (to see whether the focus moved), `title` as it may be kept. */
  async capture(at: number, window: ActiveWindow, title: string, timeout: number): Promise<void> {
    const { source, settings, privacy } = this.deps;
    this.lastCaptureAt = at;
    let image: Buffer;
    let fingerprint;
    try {
      image = await withTimeout(
        source.captureScreen(this.deps.isExcluded, (windows) => privacy?.regionsBlackedOut(windows, at)),
        timeout * 2,
        'taking a screenshot',
      );
      // The focus may have moved while the screenshot was taken; never keep a frame whose window
      // we did not check against the exclusion rules.
      const after = (await withTimeout(source.activeWindow(), timeout, 'reading the active window')) ?? NO_WINDOW;
      if (after.app !== window.app || after.title !== window.title) {
        privacy?.frameDropped('focus-moved', at);
        return;
      }
      fingerprint = await fingerprintImageCached(image);
      this.probe.ok(at);
    } catch (error) {
      this.probe.fail(at, error);
      this.deps.onFailure(error);
      return;
    }
    const prev = this.frames.last();
    if (prev && prev.app === window.app && prev.title === title && changedShare(prev.thumb, fingerprint.thumb) < settings.dedupMinChange) {
      this.counters.framesSkipped++;
      return;
    }
    const frame: Frame = { id: this.nextFrameId++, at, app: window.app, title, image, ...fingerprint };
    this.frames.push(frame);
    this.counters.framesCaptured++;
    this.lastCaptureIso = iso(at);
    const change = detectSignificantChange(prev, frame);
    if (change) this.lastChange = change;
    if (settings.keepScreenshots && this.deps.keptFrames) void this.keepFrame(frame);
    this.deps.events.emit('frame:kept', { frame, change });
    this.deps.onFrameKept();
  }

  /** The next capture of a new work session happens at its first poll. */
  resetSchedule(): void {
    this.lastCaptureAt = Number.NEGATIVE_INFINITY;
  }

  private async keepFrame(frame: Frame): Promise<void> {
    try {
      await this.deps.keptFrames!.keep(frame);
    } catch (error) {
      this.deps.onFailure(error);
    }
  }
}
