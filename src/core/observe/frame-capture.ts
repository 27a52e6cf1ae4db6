import { iso } from '../clock';
import type { Settings } from '../config/settings';
import type { EventBus } from '../events';
import { BoundedFifo } from '../util/bounded-fifo';
import { collectYoungGeneration } from '../util/young-generation-gc';
import type { Frame, SignificantChange } from './frame';
import { changedShare } from './frame-fingerprint';
import { ProbeRecord } from './probe-record';
import type { ObserverPrivacy } from './observer-deps';
import { detectSignificantChange } from './significant-change';
import { safeWindow, type ActiveWindow, type CaptureSource, type UnchangedScreen } from './sources/capture-source';
import { takeShots, type CapturedShot } from './take-shots';
import { withTimeout } from './with-timeout';

export interface FrameCaptureDeps {
  readonly settings: Settings;
  readonly source: CaptureSource;
  readonly events: EventBus;
  /** Where frames go when the user turned on "keep screenshots" (the privacy module's frame vault). */
  readonly keptFrames?: { keep(frame: Frame & { image: Buffer }): Promise<unknown> };
  /** Counts frames dropped and windows blacked out for the privacy report. */
  readonly privacy?: ObserverPrivacy;
  /** Whether a frame that passes dedup is encoded now (see ObserverDeps.imageWanted). */
  readonly imageWanted?: () => boolean;
  /** Whether a window is excluded (its parts are blacked out of the screenshot). */
  readonly isExcluded: (window: ActiveWindow) => boolean;
  /** A frame of the focused window's monitor was kept (`monitor`: its name, where the source knows it). */
  readonly onFrameKept: (monitor: string | null) => void;
  readonly onFailure: (error: unknown) => void;
  /** The observer's clock: when the window was read again after a screenshot. */
  readonly now: () => number;
}

const NO_WINDOW: ActiveWindow = { app: 'Desktop', title: '' };

/**
 * However still the screen, a monitor's screenshot is taken at least this often: what the source
 * says was drawn is trusted for a while, never for the whole day (a server that stopped reporting
 * drawing costs at most this much).
 */
export const UNCHANGED_AT_MOST_MS = 300_000;

/**
 * Screenshots of the focused window's monitor (or of every monitor): taken, checked (the focus must
 * not have moved meanwhile), deduplicated against the previous frame of the same monitor, encoded
 * when something reads images, kept in the FIFO and announced (`frame:kept`; other monitors' frames `frame:beside`).
 */
export class FrameCapture {
  readonly frames: BoundedFifo<Frame>;
  readonly probe = new ProbeRecord();
  /** framesSkipped: screenshots not kept (dedup, or not taken); of them screenshotsLeftOut: not taken, as too little was drawn. */
  readonly counters = { framesCaptured: 0, framesSkipped: 0, screenshotsLeftOut: 0 };
  lastCaptureAt = Number.NEGATIVE_INFINITY;
  lastCaptureIso: string | null = null;
  lastChange: SignificantChange | null = null;
  private nextFrameId = 1;
  /** The last frame kept of each monitor, for dedup (frames of a monitor are compared with their own). */
  private readonly lastByMonitor = new Map<string, Pick<Frame, 'app' | 'title' | 'thumb'>>();
  /**
   * Per monitor, its last screenshot (one left out does not count): when it was taken, and how many
   * thumbnail cells it had changed against the last kept frame (0 when it was kept; null until compared).
   */
  private readonly lastShots = new Map<string, { readonly at: number; changed: number | null }>();
  /** Whether the capture under way read pixels (a screenshot left out reads none). */
  private pixelsRead = false;

  constructor(private readonly deps: FrameCaptureDeps) {
    this.frames = new BoundedFifo<Frame>(deps.settings.frameBufferSize);
  }

  /** A capture is due on a switch, or every `captureIntervalSec`. */
  due(at: number, switched: boolean): boolean {
    return switched || at - this.lastCaptureAt >= this.deps.settings.captureIntervalSec * 1000;
  }

  /**
   * `window` as the source reported it (to see whether the focus moved), `title` as it may be kept.
   * Resolves with when the window was read again after the screenshot and was still `window`; null
   * when it was not, or the screenshot failed.
   */
  async capture(at: number, window: ActiveWindow, title: string, timeout: number): Promise<number | null> {
    const seenAt = await this.takeAndKeep(at, window, title, timeout);
    // The grabbed pixels are unreachable once that returns: freed now, while they are young, rather
    // than by a full collection of the engine's heap a few screenshots later (young-generation-gc.ts).
    if (this.deps.source.grabScreens && this.pixelsRead) collectYoungGeneration();
    return seenAt;
  }

  /** The next capture of a new work session happens at its first poll. */
  resetSchedule(): void {
    this.lastCaptureAt = Number.NEGATIVE_INFINITY;
  }

  private async takeAndKeep(at: number, window: ActiveWindow, title: string, timeout: number): Promise<number | null> {
    const { source, settings, privacy } = this.deps;
    this.lastCaptureAt = at;
    this.pixelsRead = false;
    let shots: (CapturedShot | UnchangedScreen)[];
    let seenAt: number;
    try {
      shots = await withTimeout(
        takeShots(source, {
          monitors: settings.captureMonitors,
          isPrivate: this.deps.isExcluded,
          onBlackedOut: (windows) => privacy?.regionsBlackedOut(windows, at),
          unchangedUpTo: (monitor, focused) => this.unchangedUpTo(at, monitor, focused, { app: window.app, title }),
        }),
        timeout * 2,
        'taking a screenshot',
      );
      for (const shot of shots) {
        if ('unchanged' in shot) continue;
        this.pixelsRead = true;
        this.lastShots.set(shot.monitor ?? '', { at, changed: null });
      }
      // The focus may have moved while the screenshot was taken; never keep a frame whose window
      // we did not check against the exclusion rules.
      const after = safeWindow((await withTimeout(source.activeWindow(), timeout, 'reading the active window')) ?? NO_WINDOW);
      if (after.app !== window.app || after.title !== window.title) {
        privacy?.frameDropped('focus-moved', at);
        return null;
      }
      seenAt = this.deps.now();
      this.probe.ok(at);
    } catch (error) {
      // Pixels may have been read and never compared: every monitor's next screenshot is taken.
      this.pixelsRead = true;
      this.lastShots.clear();
      this.probe.fail(at, error);
      this.deps.onFailure(error);
      return null;
    }
    for (const shot of shots) {
      if ('unchanged' in shot) {
        this.counters.framesSkipped++;
        this.counters.screenshotsLeftOut++;
        continue;
      }
      const shown = shot.focused ? { app: window.app, title } : this.windowBeside(shot, at);
      if (!shown) continue;
      try {
        await this.keepShot(at, shot, shown);
      } catch (error) {
        this.deps.onFailure(error);
      }
    }
    return seenAt;
  }

  /**
   * How many thumbnail cells of `monitor` may have been drawn on since its last screenshot with the
   * next one still dropped by dedup: that one changed `c` cells against the last kept frame, each cell
   * drawn on since can add one more, and dedup keeps a frame from `dedupMinChange` of the cells on.
   * Only for the focused window's monitor, showing the window its last kept frame showed (the
   * window shown beside it is known only from a screenshot), and within `UNCHANGED_AT_MOST_MS` of
   * its last screenshot.
   */
  private unchangedUpTo(at: number, monitor: string, focused: boolean, shown: { app: string; title: string }): number {
    const last = this.lastByMonitor.get(monitor);
    const shot = this.lastShots.get(monitor);
    if (!focused || !last || !shot || shot.changed === null || last.app !== shown.app || last.title !== shown.title) return -1;
    if (at - shot.at >= UNCHANGED_AT_MOST_MS) return -1;
    return Math.ceil(this.deps.settings.dedupMinChange * last.thumb.length) - 1 - shot.changed;
  }

  /** How many thumbnail cells the monitor's screenshot just compared had changed against its last kept frame. */
  private noteCompared(monitor: string, changed: number): void {
    const shot = this.lastShots.get(monitor);
    if (shot) shot.changed = changed;
  }

  /** What a monitor beside the focused one shows, as it may be kept; null when that window is excluded. */
  private windowBeside(shot: CapturedShot, at: number): { app: string; title: string } | null {
    const window = safeWindow(shot.window ?? NO_WINDOW);
    if (this.deps.isExcluded(window)) return null;
    return { app: window.app, title: this.deps.privacy?.title(window.title, at) ?? window.title };
  }

  /** Dedup against the last frame of the same monitor; the frames that pass are encoded and announced. */
  private async keepShot(at: number, shot: CapturedShot, shown: { app: string; title: string }): Promise<void> {
    const { settings } = this.deps;
    const monitorKey = shot.monitor ?? '';
    const last = this.lastByMonitor.get(monitorKey);
    if (last && last.app === shown.app && last.title === shown.title) {
      const changed = changedShare(last.thumb, shot.fingerprint.thumb);
      if (changed < settings.dedupMinChange) {
        this.noteCompared(monitorKey, Math.round(changed * last.thumb.length));
        this.counters.framesSkipped++;
        return;
      }
    }
    const image = (this.deps.imageWanted?.() ?? true) ? await shot.encode() : null;
    const frame: Frame = { id: this.nextFrameId++, at, ...shown, image, ...shot.fingerprint, monitor: shot.monitor, focus: shot.focus };
    this.lastByMonitor.set(monitorKey, { app: frame.app, title: frame.title, thumb: frame.thumb });
    this.noteCompared(monitorKey, 0);
    this.counters.framesCaptured++;
    this.lastCaptureIso = iso(at);
    if (settings.keepScreenshots && this.deps.keptFrames && image) void this.keepFrame(frame, image);
    if (!shot.focused) {
      this.deps.events.emit('frame:beside', { frame });
      return;
    }
    const prev = this.frames.last();
    this.frames.push(frame);
    const change = detectSignificantChange(prev, frame);
    if (change) this.lastChange = change;
    this.deps.events.emit('frame:kept', { frame, change });
    this.deps.onFrameKept(shot.monitor);
  }

  private async keepFrame(frame: Frame, image: Buffer): Promise<void> {
    try {
      await this.deps.keptFrames!.keep({ ...frame, image });
    } catch (error) {
      this.deps.onFailure(error);
    }
  }
}
