import type { CaptureState, Health, ImmediateContextView } from '../../shared/contract/index';
import { iso, type Clock } from '../clock';
import type { ExclusionRule, Settings } from '../config/settings';
import type { EventBus } from '../events';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import { localDateOf } from '../time';
import { compileExclusions, type CompiledExclusions } from './exclusion';
import type { Frame, SignificantChange } from './frame';
import { BoundedFifo } from '../util/bounded-fifo';
import { changedShare } from './frame-fingerprint';
import { takeShots, type CapturedShot } from './frame-capture';
import { detectSignificantChange } from './significant-change';
import type { ActiveWindow, CaptureSource } from './sources/capture-source';
import { SpanTracker, type ActivityState } from './span-tracker';
import { withTimeout } from './with-timeout';

export interface ObserverDeps {
  readonly settings: Settings;
  readonly source: CaptureSource;
  readonly clock: Clock;
  readonly activity: ActivityRepository;
  readonly events: EventBus;
  /** Where frames go when the user turned on "keep screenshots". */
  readonly keptFrames?: { keep(frame: Frame): Promise<unknown> };
  /** Redaction of titles and the privacy report's counts (src/core/privacy); titles pass as they are without it. */
  readonly privacy?: ObserverPrivacy;
  readonly probeTimeoutMs?: number;
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

/** Private time of a window a recording already marked private (no rule of ours matched it). */
const RECORDED_PRIVATE = 'private in the recording';

const NO_WINDOW: ActiveWindow = { app: 'Desktop', title: '' };
/** After a failed idle probe (tool missing), when to try again. */
const IDLE_PROBE_RETRY_MS = 60_000;

/**
 * The capture loop: one `tick()` per poll reads the focused window and idle time, merges them
 * into spans, and captures a frame on a switch or every `captureIntervalSec`. Nothing a tick does
 * can throw out of it: failures are counted, reported in health, and the next tick goes on.
 */
export class Observer {
  private state: CaptureState = 'stopped';
  private pausedReason: string | null = null;
  private workSessionId: number | null = null;
  private workSessionDay: string | null = null;
  private readonly tracker: SpanTracker;
  private readonly frames: BoundedFifo<Frame>;
  private exclusions: CompiledExclusions;
  private lastWindow: ActiveWindow | null = null;
  private lastCaptureAt = Number.NEGATIVE_INFINITY;
  private nextIdleProbeAt = Number.NEGATIVE_INFINITY;
  private lastAppSwitch: number | null = null;
  private lastChange: SignificantChange | null = null;
  private nextFrameId = 1;
  /** The last frame kept of each monitor, for dedup (frames of a monitor are compared with their own). */
  private readonly lastByMonitor = new Map<string, Pick<Frame, 'app' | 'title' | 'thumb'>>();
  private ticking = false;
  private readonly counters = { polls: 0, framesCaptured: 0, framesSkipped: 0, failures: 0 };
  private lastCaptureIso: string | null = null;
  private lastError: { at: string; message: string } | null = null;

  constructor(private readonly deps: ObserverDeps) {
    const { settings, activity } = deps;
    this.frames = new BoundedFifo<Frame>(settings.frameBufferSize);
    this.exclusions = compileExclusions(settings.exclusions);
    this.tracker = new SpanTracker(
      activity.spanSink(() => {
        if (this.workSessionId === null) throw new Error('no open work session');
        return this.workSessionId;
      }),
      { maxGapMs: Math.max(5000, settings.pollIntervalMs * 5), flushEveryMs: 10_000 },
    );
  }

  /** Begins observing: a new work session starts. */
  start(): void {
    if (this.state !== 'stopped') return;
    this.openWorkSession();
    this.setState('observing', null);
  }

  /** Stops for good (app quit): the open span and work session are closed. */
  stop(reason = 'the app quit'): void {
    if (this.state === 'stopped') return;
    this.closeWorkSession(reason);
    this.setState('stopped', reason);
  }

  pause(reason = 'paused by the user', state: 'paused' | 'locked' = 'paused'): void {
    if (this.state === 'stopped' || this.state === 'paused' || this.state === 'locked') return;
    this.closeWorkSession(reason);
    this.setState(state, reason);
  }

  resume(): void {
    if (this.state !== 'paused' && this.state !== 'locked') return;
    this.openWorkSession();
    this.setState('observing', null);
  }

  get isPaused(): boolean {
    return this.state === 'paused' || this.state === 'locked';
  }

  /** One poll. Overlapping calls are dropped (a slow probe must not pile up ticks). */
  async tick(): Promise<void> {
    if (this.ticking || this.workSessionId === null) return;
    this.ticking = true;
    try {
      await this.poll();
    } catch (error) {
      this.fail(error);
      if (isStoreError(error)) this.pause(`database error: ${(error as Error).message}`);
    } finally {
      this.ticking = false;
    }
  }

  immediateContext(): ImmediateContextView {
    const observable = this.state === 'observing' && this.lastWindow !== null;
    return {
      currentApp: observable ? this.lastWindow!.app : null,
      currentWindowTitle: observable ? this.lastWindow!.title : null,
      state: this.state,
      lastAppSwitch: this.lastAppSwitch === null ? null : iso(this.lastAppSwitch),
      lastSignificantChange: this.lastChange && { ...this.lastChange, at: iso(this.lastChange.at) },
      recentFrames: this.frames.toArray().map((f) => ({
        id: f.id,
        at: iso(f.at),
        app: f.app,
        title: f.title,
        hash: f.hash,
        width: f.width,
        height: f.height,
        monitor: f.monitor ?? null,
      })),
    };
  }

  /** The frames in the FIFO, oldest first, images included (for OCR and vision). */
  recentFrames(): readonly Frame[] {
    return this.frames.toArray();
  }

  /** Makes the store include the open span up to the last poll; app time reads call this first. */
  flushOpenSpan(): void {
    this.tracker.flush();
  }

  /** New exclusion rules, from the next poll on (an invalid pattern throws and keeps the old rules). */
  setExclusions(rules: readonly ExclusionRule[]): void {
    this.exclusions = compileExclusions(rules);
  }

  health(): Health['capture'] {
    return {
      state: this.state,
      pausedReason: this.pausedReason,
      workSessionId: this.workSessionId,
      ...this.counters,
      lastCaptureAt: this.lastCaptureIso,
      lastError: this.lastError,
      ...grabberHealth(this.deps.source),
    };
  }

  private async poll(): Promise<void> {
    const { source, clock, settings } = this.deps;
    const at = clock.now();
    this.counters.polls++;
    this.rollOverDay(at);
    const timeout = this.deps.probeTimeoutMs ?? 5000;
    let window: ActiveWindow;
    try {
      window = (await withTimeout(source.activeWindow(), timeout, 'reading the active window')) ?? NO_WINDOW;
    } catch (error) {
      this.fail(error);
      return;
    }
    const idleSeconds = await this.readIdleSeconds(at, timeout);

    let activity: ActivityState;
    let since = at;
    const privateRule = window.private ? RECORDED_PRIVATE : this.exclusions.match(window);
    // Rules match the title as the window shows it; everything kept from here on has it redacted.
    const title = privateRule === null ? (this.deps.privacy?.title(window.title, at) ?? window.title) : '';
    if (idleSeconds >= settings.idleAfterSec) {
      activity = { kind: 'idle' };
      since = at - idleSeconds * 1000;
    } else if (privateRule !== null) {
      activity = { kind: 'private', reason: privateRule };
    } else {
      activity = { kind: 'app', app: window.app, title };
    }
    this.tracker.observe(at, activity, since);
    this.setState(activity.kind === 'app' ? 'observing' : activity.kind, null);

    if (activity.kind !== 'app') {
      // Excluded windows are dropped here, before any capture, OCR, store or LLM.
      this.lastWindow = null;
      return;
    }
    const previous = this.lastWindow;
    const switched = !previous || previous.app !== window.app || previous.title !== title;
    if (previous && previous.app !== window.app) this.lastAppSwitch = at;
    this.lastWindow = { app: window.app, title };
    if (switched || at - this.lastCaptureAt >= settings.captureIntervalSec * 1000) {
      await this.capture(at, window, title, timeout);
    }
  }

  /**
   * Seconds without input. While the user is active the threshold cannot be crossed sooner than
   * `idleAfterSec - idle` after a reading, so the probe (a process on X11) runs only then; while idle
   * it runs every poll, to see the user come back at once. Between readings the user counts as
   * present, which is safe: idle is cut back to the last input when it is seen.
   */
  private async readIdleSeconds(at: number, timeout: number): Promise<number> {
    if (at < this.nextIdleProbeAt) return 0;
    const { settings, source } = this.deps;
    try {
      const idle = await withTimeout(source.idleSeconds(), timeout, 'reading idle time');
      this.nextIdleProbeAt = idle >= settings.idleAfterSec ? at : at + (settings.idleAfterSec - idle) * 1000;
      return idle;
    } catch (error) {
      this.fail(error);
      this.nextIdleProbeAt = at + IDLE_PROBE_RETRY_MS;
      return 0;
    }
  }

  /** `window` as the source reported it (to see whether the focus moved), `title` as it may be kept. */
  private async capture(at: number, window: ActiveWindow, title: string, timeout: number): Promise<void> {
    const { source, settings, privacy } = this.deps;
    this.lastCaptureAt = at;
    let shots: CapturedShot[];
    try {
      shots = await withTimeout(
        takeShots(source, {
          monitors: settings.captureMonitors,
          isPrivate: (w) => this.exclusions.match(w) !== null,
          onBlackedOut: (windows) => privacy?.regionsBlackedOut(windows, at),
        }),
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
    } catch (error) {
      this.fail(error);
      return;
    }
    for (const shot of shots) {
      const shown = shot.focused ? { app: window.app, title } : this.windowBeside(shot, at);
      if (!shown) continue;
      try {
        await this.keepShot(at, shot, shown);
      } catch (error) {
        this.fail(error);
      }
    }
  }

  /** What a monitor beside the focused one shows, as it may be kept; null when that window is excluded. */
  private windowBeside(shot: CapturedShot, at: number): { app: string; title: string } | null {
    const window = shot.window ?? NO_WINDOW;
    if (this.exclusions.match(window) !== null) return null;
    return { app: window.app, title: this.deps.privacy?.title(window.title, at) ?? window.title };
  }

  /** Dedup against the last frame of the same monitor; the frames that pass are encoded and announced. */
  private async keepShot(at: number, shot: CapturedShot, shown: { app: string; title: string }): Promise<void> {
    const { settings } = this.deps;
    const monitorKey = shot.monitor ?? '';
    const last = this.lastByMonitor.get(monitorKey);
    if (
      last &&
      last.app === shown.app &&
      last.title === shown.title &&
      changedShare(last.thumb, shot.fingerprint.thumb) < settings.dedupMinChange
    ) {
      this.counters.framesSkipped++;
      return;
    }
    const image = await shot.encode();
    const frame: Frame = { id: this.nextFrameId++, at, ...shown, image, ...shot.fingerprint, monitor: shot.monitor, focus: shot.focus };
    this.lastByMonitor.set(monitorKey, { app: frame.app, title: frame.title, thumb: frame.thumb });
    this.counters.framesCaptured++;
    this.lastCaptureIso = iso(at);
    if (settings.keepScreenshots && this.deps.keptFrames) void this.keepFrame(frame);
    if (!shot.focused) {
      this.deps.events.emit('frame:beside', { frame });
      return;
    }
    if (shot.monitor !== null) this.tracker.noteMonitor(shot.monitor);
    const prev = this.frames.last();
    this.frames.push(frame);
    const change = detectSignificantChange(prev, frame);
    if (change) this.lastChange = change;
    this.deps.events.emit('frame:kept', { frame, change });
    this.deps.events.emit('context:immediate-updated', this.immediateContext());
  }

  private async keepFrame(frame: Frame): Promise<void> {
    try {
      await this.deps.keptFrames!.keep(frame);
    } catch (error) {
      this.fail(error);
    }
  }

  private rollOverDay(at: number): void {
    const day = localDateOf(at);
    if (this.workSessionDay !== null && day !== this.workSessionDay) {
      this.closeWorkSession('end of day');
      this.openWorkSession(at);
    }
  }

  private openWorkSession(at = this.deps.clock.now()): void {
    this.workSessionId = this.deps.activity.startWorkSession(at, this.deps.source.kind);
    this.workSessionDay = localDateOf(at);
    this.lastWindow = null;
    this.lastCaptureAt = Number.NEGATIVE_INFINITY;
    this.nextIdleProbeAt = Number.NEGATIVE_INFINITY;
    this.deps.events.emit('work-session:started', { workSessionId: this.workSessionId, at: iso(at) });
  }

  private closeWorkSession(reason: string): void {
    if (this.workSessionId === null) return;
    const end = this.tracker.open?.endMs ?? this.deps.clock.now();
    try {
      this.tracker.close();
      this.deps.activity.endWorkSession(this.workSessionId, end, reason);
    } catch (error) {
      // The store may be what failed (disk full, locked): the work session is closed as interrupted at next start.
      this.tracker.discard();
      this.fail(error);
    }
    this.deps.events.emit('work-session:ended', { workSessionId: this.workSessionId, at: iso(end), reason });
    this.workSessionId = null;
    this.workSessionDay = null;
    this.lastWindow = null;
  }

  private setState(state: CaptureState, reason: string | null): void {
    if (state === this.state && reason === this.pausedReason) return;
    this.state = state;
    this.pausedReason = state === 'paused' || state === 'locked' || state === 'stopped' ? reason : null;
    this.deps.events.emit('capture:state-changed', { state, reason });
  }

  private fail(error: unknown): void {
    this.counters.failures++;
    this.lastError = { at: iso(this.deps.clock.now()), message: error instanceof Error ? error.message : String(error) };
    this.deps.events.emit('capture:error', this.lastError);
  }
}

function grabberHealth(source: CaptureSource): Pick<Health['capture'], 'screenshots'> {
  const grabber = source.grabberInUse?.();
  return grabber ? { screenshots: { grabber: grabber.kind, fallbackReason: grabber.fallbackReason } } : {};
}

function isStoreError(error: unknown): boolean {
  return error instanceof Error && error.name === 'SqliteError';
}
