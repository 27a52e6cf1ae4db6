import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { iso } from '../clock';
import type { Settings } from '../config/settings';
import type { EventBus } from '../events';
import { localDateOf } from '../time';
import { BoundedFifo } from '../util/bounded-fifo';
import type { Frame, SignificantChange } from './frame';
import { changedShare, fingerprintImageCached } from './frame-fingerprint';
import { ProbeRecord } from './probe-record';
import { detectSignificantChange } from './significant-change';
import type { ActiveWindow, CaptureSource } from './sources/capture-source';
import { withTimeout } from './with-timeout';

export interface FrameCaptureDeps {
  readonly settings: Settings;
  readonly source: CaptureSource;
  readonly events: EventBus;
  /** Where frames go when the user turned on "keep screenshots". */
  readonly framesDir?: string;
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

  async capture(at: number, window: ActiveWindow, timeout: number): Promise<void> {
    const { source, settings } = this.deps;
    this.lastCaptureAt = at;
    let image: Buffer;
    let fingerprint;
    try {
      image = await withTimeout(source.captureScreen(this.deps.isExcluded), timeout * 2, 'taking a screenshot');
      // The focus may have moved while the screenshot was taken; never keep a frame whose window
      // we did not check against the exclusion rules.
      const after = (await withTimeout(source.activeWindow(), timeout, 'reading the active window')) ?? NO_WINDOW;
      if (after.app !== window.app || after.title !== window.title) return;
      fingerprint = await fingerprintImageCached(image);
      this.probe.ok(at);
    } catch (error) {
      this.probe.fail(at, error);
      this.deps.onFailure(error);
      return;
    }
    const prev = this.frames.last();
    if (
      prev &&
      prev.app === window.app &&
      prev.title === window.title &&
      changedShare(prev.thumb, fingerprint.thumb) < settings.dedupMinChange
    ) {
      this.counters.framesSkipped++;
      return;
    }
    const frame: Frame = { id: this.nextFrameId++, at, app: window.app, title: window.title, image, ...fingerprint };
    this.frames.push(frame);
    this.counters.framesCaptured++;
    this.lastCaptureIso = iso(at);
    const change = detectSignificantChange(prev, frame);
    if (change) this.lastChange = change;
    if (settings.keepScreenshots && this.deps.framesDir) void this.keepFrame(frame);
    this.deps.events.emit('frame:kept', { frame, change });
    this.deps.onFrameKept();
  }

  /** The next capture of a new work session happens at its first poll. */
  resetSchedule(): void {
    this.lastCaptureAt = Number.NEGATIVE_INFINITY;
  }

  private async keepFrame(frame: Frame): Promise<void> {
    try {
      const dir = join(this.deps.framesDir!, localDateOf(frame.at));
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFile(join(dir, `${frame.at}-${frame.id}.img`), frame.image, { mode: 0o600 });
    } catch (error) {
      this.deps.onFailure(error);
    }
  }
}
