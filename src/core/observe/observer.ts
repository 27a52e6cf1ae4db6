import type { CaptureState, Health, ImmediateContextView } from '../../shared/contract/index';
import { iso } from '../clock';
import type { ExclusionRule } from '../config/settings';
import type { CoverageReason } from '../store/repositories/coverage-repository';
import { WritabilityMonitor } from '../store/writability-monitor';
import { formatClockTime } from '../../shared/format-clock-time';
import { formatDuration } from '../../shared/format-duration';
import { localDateOf } from '../time';
import { ClockWatch, type TimeEvent } from './clock-watch';
import { CoverageTracker } from './coverage-tracker';
import { compileExclusions, type CompiledExclusions } from './exclusion';
import type { Frame } from './frame';
import { FrameCapture } from './frame-capture';
import type { ObserverDeps } from './observer-deps';
import { coverageReasonOf, grabberHealth, isOverlap, type Unavailable } from './observer-state';
import { messageOf } from '../util/message-of';
import { ProbeRecord } from './probe-record';
import { DisplayLostError, isNoDisplay, safeWindow, type ActiveWindow, type ScreenLock } from './sources/capture-source';
import { SpanTracker, type ActivityState } from './span-tracker';
import { withTimeout } from './with-timeout';

export type { ObserverDeps, ObserverPrivacy } from './observer-deps';

/** Private time of a window a recording already marked private (no rule of ours matched it). */
const RECORDED_PRIVATE = 'private in the recording';
/** How long after a private window had the focus the first screenshot waits (a compositor's repaint is far quicker). */
const PRIVATE_SETTLE_MS = 1000;

const NO_WINDOW: ActiveWindow = { app: 'Desktop', title: '' };
/** After a failed idle probe (tool missing), when to try again. */
const IDLE_PROBE_RETRY_MS = 60_000;
/** A stall shorter than this between two polls is a slow poll; longer, the computer slept or the process was stopped. */
const MIN_STALL_MS = 15_000;
/** How far the wall clock and the monotonic one may part during a poll before the wall clock is not trusted for it. */
const CLOCK_AGREEMENT_MS = 1000;

const LOCK_WORDS: Record<ScreenLock['why'], string> = {
  'screen locked': 'the screen is locked',
  'screen saver on': 'the screen saver is on',
  'going to sleep': 'the computer is going to sleep',
};

/** The wall clock changed: when, by how much, and (set back) until when the time is already recorded. */
export interface ClockChange {
  readonly atMs: number;
  readonly byMs: number;
  readonly holdUntilMs: number | null;
}

/**
 * The capture loop: one `tick()` per poll reads the focused window and idle time, merges them
 * into spans, and captures a frame on a switch or every `captureIntervalSec`. Nothing a tick does
 * can throw out of it: failures are counted and reported in health. Its state says what really
 * happens: `unavailable` while the window cannot be read or the profile cannot be written (it
 * resumes by itself), never `observing` when nothing is observed. Every state is also recorded as
 * coverage, so the day shows its gaps.
 */
export class Observer {
  private state: CaptureState = 'stopped';
  private pausedReason: string | null = null;
  private unavailable: Unavailable | null = null;
  private workSessionId: number | null = null;
  private workSessionDay: string | null = null;
  /** Work sessions a failing store could not close; closed as interrupted once it can be written. */
  private readonly unclosed: { id: number; end: number; reason: string }[] = [];
  private readonly tracker: SpanTracker;
  private readonly capture: FrameCapture;
  private readonly coverage: CoverageTracker | null;
  private readonly writability: WritabilityMonitor;
  private readonly windowProbe = new ProbeRecord();
  private readonly idleProbe = new ProbeRecord();
  private exclusions: CompiledExclusions;
  private lastWindow: ActiveWindow | null = null;
  private nextIdleProbeAt = Number.NEGATIVE_INFINITY;
  private lastAppSwitch: number | null = null;
  private lastPollAt: number | null = null;
  /** When a poll last saw a private window focused. */
  private privateSeenAt = Number.NEGATIVE_INFINITY;
  /** What the last poll's observation is of: when it began, or when its screenshot's window check saw the same window. */
  private observedAt = 0;
  private readonly maxGapMs: number;
  /** When observing last began (start, resume): a poll is due from then on. */
  private observingSince: number | null = null;
  private ticking = false;
  /** The observer itself paused as `locked` because the screen is locked (it resumes when it unlocks). */
  private screenLocked = false;
  private readonly clockWatch: ClockWatch;
  private readonly stallMs: number;
  private lastClockChange: ClockChange | null = null;
  private readonly counters = { polls: 0, failures: 0 };
  private lastError: { at: string; message: string } | null = null;

  constructor(private readonly deps: ObserverDeps) {
    const { settings, activity, clock } = deps;
    this.exclusions = compileExclusions(settings.exclusions);
    const maxGapMs = Math.max(5000, settings.pollIntervalMs * 5);
    this.maxGapMs = maxGapMs;
    this.stallMs = Math.max(MIN_STALL_MS, maxGapMs * 3);
    this.clockWatch = new ClockWatch(clock, this.stallMs);
    this.tracker = new SpanTracker(
      activity.spanSink(() => {
        if (this.workSessionId === null) throw new Error('no open work session');
        return this.workSessionId;
      }),
      { maxGapMs, flushEveryMs: 10_000 },
    );
    this.capture = new FrameCapture({
      settings,
      source: deps.source,
      events: deps.events,
      keptFrames: deps.keptFrames,
      imageWanted: deps.imageWanted,
      privacy: deps.privacy,
      isExcluded: (w) => this.exclusions.match(safeWindow(w)) !== null,
      onFrameKept: (monitor) => {
        if (monitor !== null) this.tracker.noteMonitor(monitor);
        deps.events.emit('context:immediate-updated', this.immediateContext());
      },
      onFailure: (error) => this.fail(error),
      now: () => clock.now(),
    });
    this.writability = deps.writability ?? new WritabilityMonitor({ clock, probeWrite: () => {} });
    this.coverage =
      deps.coverage === undefined
        ? null
        : new CoverageTracker(deps.coverage, { maxGapMs, flushEveryMs: 10_000, onWriteError: (error) => this.coverageWriteFailed(error) });
    this.writability.onFailed(() => this.suspendForStorage());
    this.writability.onRecovered(() => this.resumeAfterStorage());
  }

  /** Begins observing: a new work session starts (unless nothing can be saved: then it waits for that). */
  start(): void {
    if (this.state !== 'stopped') return;
    try {
      this.openWorkSession();
    } catch (error) {
      if (!this.writability.failed(error)) throw error;
      this.fail(error);
      this.becomeUnavailable({ cause: 'storage', reason: 'storage_error', message: this.writability.message() ?? messageOf(error) });
      return;
    }
    this.setState('observing', null);
  }

  /** Stops for good (app quit): the open span, work session and coverage stretch are closed. */
  stop(reason = 'the app quit'): void {
    if (this.state === 'stopped') return;
    this.closeWorkSession(reason);
    this.setState('stopped', reason);
    this.coverage?.close();
  }

  pause(reason = 'paused by the user', state: 'paused' | 'locked' = 'paused'): void {
    if (this.screenLocked && this.state === 'locked' && state === 'paused') {
      // Paused while the screen was locked: it stays paused when the screen unlocks.
      this.screenLocked = false;
      this.setState('paused', reason);
      return;
    }
    if (this.state === 'stopped' || this.state === 'paused' || this.state === 'locked') return;
    this.closeWorkSession(reason);
    this.unavailable = null;
    this.setState(state, reason);
  }

  /** Observes again after a pause; throws (and stays paused) when the profile cannot be written. */
  resume(): void {
    if (this.state !== 'paused' && this.state !== 'locked') return;
    this.screenLocked = false;
    this.openWorkSession();
    this.setState('observing', null);
  }

  /** Where observations come from: the desktop or a replayed recording. */
  get sourceKind(): 'desktop' | 'replay' {
    return this.deps.source.kind;
  }

  get isPaused(): boolean {
    return this.state === 'paused' || this.state === 'locked';
  }

  /** One poll. Overlapping calls are dropped (a slow probe must not pile up ticks). */
  async tick(): Promise<void> {
    if (this.ticking || this.state === 'stopped') return;
    this.ticking = true;
    let since: number | undefined;
    try {
      const time = this.clockWatch.check();
      if (time) this.onTimeEvent(time);
      if (this.heldByClock()) return;
      if (this.screenLocked) await this.resumeWhenUnlocked();
      if (this.workSessionId !== null) since = await this.poll();
    } catch (error) {
      this.onTickError(error);
    } finally {
      this.ticking = false;
    }
    // A poll's observation is of the moment it began (as its span's is), or as far as its screenshot confirmed it.
    if (!this.heldByClock()) this.recordCoverage(since === undefined ? this.deps.clock.now() : this.observedAt, since);
    // Checked again at the end: a process stopped in the middle of a poll shows here, not hidden in its length.
    const after = this.clockWatch.check();
    if (after) this.onTimeEvent(after);
  }

  immediateContext(): ImmediateContextView {
    const observable = this.state === 'observing' && this.lastWindow !== null;
    const lastChange = this.capture.lastChange;
    return {
      currentApp: observable ? this.lastWindow!.app : null,
      currentWindowTitle: observable ? this.lastWindow!.title : null,
      state: this.state,
      lastAppSwitch: this.lastAppSwitch === null ? null : iso(this.lastAppSwitch),
      lastSignificantChange: lastChange && { ...lastChange, at: iso(lastChange.at) },
      recentFrames: this.capture.frames.toArray().map((f) => ({
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
    return this.capture.frames.toArray();
  }

  /** Makes the store include the open span and coverage stretch up to the last poll; reads call this first. */
  flushOpenSpan(): void {
    this.tracker.flush();
    this.coverage?.flush();
  }

  /** New exclusion rules, from the next poll on (an invalid pattern throws and keeps the old rules). */
  setExclusions(rules: readonly ExclusionRule[]): void {
    this.exclusions = compileExclusions(rules);
  }

  /** Since when a poll should have read the screen: the last poll, or when observing began if that is later. */
  lastPollDueSince(): number | null {
    if (this.lastPollAt === null) return this.observingSince;
    return Math.max(this.lastPollAt, this.observingSince ?? this.lastPollAt);
  }

  /** Why capture is `unavailable` (a coverage reason, the message, since when where known), or null when it is not. */
  unavailableCause(): { reason: CoverageReason; message: string; sinceMs: number | null } | null {
    if (this.state !== 'unavailable' || !this.unavailable) return null;
    return { reason: this.unavailable.reason, message: this.unavailable.message, sinceMs: this.unavailable.sinceMs ?? null };
  }

  /** The latest change of the wall clock the observer saw (health says so for a while), or null. */
  clockChange(): ClockChange | null {
    return this.lastClockChange;
  }

  health(): Health['capture'] {
    return {
      state: this.state,
      pausedReason: this.pausedReason,
      workSessionId: this.workSessionId,
      polls: this.counters.polls,
      failures: this.counters.failures,
      ...this.capture.counters,
      lastCaptureAt: this.capture.lastCaptureIso,
      lastPollAt: this.lastPollAt === null ? null : iso(this.lastPollAt),
      lastError: this.lastError,
      probes: { window: this.windowProbe.view(), idle: this.idleProbe.view(), screenshot: this.capture.probe.view() },
      ...grabberHealth(this.deps.source),
    };
  }

  /** One poll; returns when the state it saw really began (idle starts at the last input). */
  private async poll(): Promise<number> {
    const { source, clock, settings } = this.deps;
    const at = clock.now();
    this.observedAt = at;
    const startedMonotonic = clock.monotonic?.();
    this.counters.polls++;
    this.rollOverDay(at);
    const timeout = this.deps.probeTimeoutMs ?? 5000;
    const lock = await this.readScreenLock(timeout);
    if (lock) {
      this.lockScreen(at, lock);
      return at;
    }
    let window: ActiveWindow;
    try {
      window = safeWindow((await withTimeout(source.activeWindow(), timeout, 'reading the active window')) ?? NO_WINDOW);
      this.windowProbe.ok(at);
    } catch (error) {
      this.windowProbe.fail(at, error);
      this.fail(error);
      if (error instanceof DisplayLostError) {
        // Everything before the loss was seen; from it on nothing is, whenever a poll noticed.
        const sinceMs = Math.min(at, Math.max(error.sinceMs, this.lastPollAt ?? error.sinceMs));
        this.becomeUnavailable({
          cause: 'probe',
          reason: 'display_lost',
          message: error.message,
          detail: `the display ${error.display} went away`,
          sinceMs,
        });
        return sinceMs;
      }
      this.becomeUnavailable({ cause: 'probe', reason: isNoDisplay(error) ? 'no_display' : 'capture_error', message: messageOf(error) });
      return at;
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
      since = this.switchedAt(window, at);
    } else {
      activity = { kind: 'app', app: window.app, title };
      since = this.switchedAt(window, at);
    }
    this.tracker.observe(at, activity, since);
    this.lastPollAt = at;
    this.unavailable = null;
    this.setState(activity.kind === 'app' ? 'observing' : activity.kind, null, since);

    if (activity.kind !== 'app') {
      // Excluded windows are dropped here, before any capture, OCR, store or LLM.
      this.lastWindow = null;
      if (activity.kind === 'private') this.privateSeenAt = at;
      return since;
    }
    // A private window that just closed or lost the focus may still be on screen: a compositor shows its
    // last picture until it paints again, and the window lists no longer name it to black it out. The
    // first screenshot waits until the focus has been away from it this long (the switch stays pending).
    if (at - this.privateSeenAt < PRIVATE_SETTLE_MS) return since;
    const previous = this.lastWindow;
    const switched = !previous || previous.app !== window.app || previous.title !== title;
    if (previous && previous.app !== window.app) this.lastAppSwitch = at;
    this.lastWindow = { app: window.app, title };
    if (this.capture.due(at, switched)) {
      const seenAt = await this.capture.capture(at, window, title, timeout);
      if (seenAt !== null) this.observedUntil(at, seenAt, startedMonotonic, activity);
    }
    return since;
  }

  /**
   * When the window a poll saw began to have the focus: the source's own time for it where it follows
   * the focus by events and that time falls after the previous poll (which saw what was there before),
   * else the poll's. A switch made while a screenshot held up the polls is not dated late by it. After
   * a pause, a lock or a lost display the poll's time stands: nothing before it was observed.
   */
  private switchedAt(window: ActiveWindow, at: number): number {
    const since = window.since;
    const observing = this.state === 'observing' || this.state === 'idle' || this.state === 'private';
    if (since === undefined || !observing || this.lastPollAt === null || since <= this.lastPollAt || since > at) return at;
    return since;
  }

  /**
   * A screenshot held the poll up, and the window read once it was taken was the same: it was seen
   * throughout, so its span and coverage reach that far instead of showing the wait as unobserved.
   * Not across a change of the clock, nor a wait longer than spans may have between two readings.
   */
  private observedUntil(at: number, seenAt: number, startedMonotonic: number | undefined, activity: ActivityState): void {
    const elapsed = seenAt - at;
    if (elapsed <= 0 || elapsed > this.maxGapMs || this.state !== 'observing') return;
    const monotonic = this.deps.clock.monotonic?.();
    if (startedMonotonic === undefined || monotonic === undefined || Math.abs(monotonic - startedMonotonic - elapsed) > CLOCK_AGREEMENT_MS)
      return;
    this.tracker.observe(seenAt, activity);
    this.lastPollAt = seenAt;
    this.observedAt = seenAt;
  }

  /** The source's lock state; a source that cannot tell, or fails to, counts as unlocked. */
  private async readScreenLock(timeout: number): Promise<ScreenLock | null> {
    if (!this.deps.source.screenLock) return null;
    try {
      return await withTimeout(this.deps.source.screenLock(), timeout, 'reading the lock state');
    } catch {
      return null;
    }
  }

  /** The screen locked: the work session ends where the lock began (as far as the last poll), and observation waits. */
  private lockScreen(at: number, lock: ScreenLock): void {
    const reason = LOCK_WORDS[lock.why];
    const since = Math.min(at, Math.max(lock.sinceMs ?? at, this.tracker.open?.startMs ?? at));
    this.tracker.cutBack(since);
    this.closeWorkSession(reason);
    this.screenLocked = true;
    this.setState('locked', reason, since);
  }

  /** While the screen is locked, each poll only asks whether it still is. */
  private async resumeWhenUnlocked(): Promise<void> {
    if (this.state !== 'locked') {
      this.screenLocked = false;
      return;
    }
    const lock = await this.readScreenLock(this.deps.probeTimeoutMs ?? 5000);
    if (lock) {
      this.setState('locked', LOCK_WORDS[lock.why]);
      return;
    }
    this.screenLocked = false;
    this.openWorkSession();
    this.setState('observing', null);
  }

  /**
   * Time did something else than pass: nothing ran for a while (sleep, a stopped process), or the
   * wall clock was set. Either way the open span and work session end at the last poll, so no second
   * of it is booked; coverage records the stretch with its reason. A clock set back over time already
   * recorded holds observation until the clock reaches the last recorded moment again.
   */
  private onTimeEvent(event: TimeEvent): void {
    const running = this.workSessionId !== null;
    const lastSeen = this.lastPollAt;
    if (running)
      this.closeWorkSession(event.kind === 'stall' ? 'the computer slept or Workflow Shadow was stopped' : 'the clock was changed');
    const sleptDetail = event.asleep ? 'the computer was asleep' : 'Workflow Shadow was stopped or could not run';
    if (event.kind === 'stall') {
      this.coverage?.gap(event.startMs, event.endMs, 'suspended', sleptDetail);
    } else {
      const direction = event.byMs > 0 ? 'forward' : 'back';
      const detail = `the clock was set ${direction} by ${formatDuration(Math.abs(event.byMs) / 1000)}`;
      const realStart = event.afterMs - event.elapsedMs;
      if (event.byMs > 0) this.coverage?.gap(event.beforeMs, realStart, 'clock_changed', detail);
      else this.coverage?.close();
      const stalled = event.elapsedMs > this.stallMs;
      if (stalled && event.byMs > 0) this.coverage?.gap(realStart, event.afterMs, 'suspended', sleptDetail);
      const recordedUntil = Math.max(event.beforeMs, lastSeen ?? event.beforeMs);
      const holdUntilMs = event.afterMs < recordedUntil ? recordedUntil : null;
      this.lastClockChange = { atMs: event.afterMs, byMs: event.byMs, holdUntilMs };
      if (holdUntilMs !== null && running) {
        this.becomeUnavailable({
          cause: 'clock',
          reason: 'clock_changed',
          message: `${detail}: the time until ${formatClockTime(holdUntilMs)} is already recorded, so observation waits until then`,
          detail,
          sinceMs: event.afterMs,
        });
      }
    }
    this.lastPollAt = null;
    this.observingSince = event.kind === 'stall' ? event.endMs : event.afterMs;
    if (running && !this.heldByClock()) this.openWorkSession(this.deps.clock.now());
  }

  /** Whether the clock was set back and has not yet reached the time already recorded; resumes when it has. */
  private heldByClock(): boolean {
    const hold = this.lastClockChange?.holdUntilMs ?? null;
    if (hold === null || this.unavailable?.cause !== 'clock') return false;
    const now = this.deps.clock.now();
    if (now < hold) return true;
    this.unavailable = null;
    if (this.workSessionId === null) this.openWorkSession(now);
    this.setState('observing', null);
    return false;
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
      this.idleProbe.ok(at);
      this.nextIdleProbeAt = idle >= settings.idleAfterSec ? at : at + (settings.idleAfterSec - idle) * 1000;
      return idle;
    } catch (error) {
      this.idleProbe.fail(at, error);
      this.fail(error);
      this.nextIdleProbeAt = at + IDLE_PROBE_RETRY_MS;
      return 0;
    }
  }

  /** A failure that escaped a poll: a storage failure pauses capture until writes work again. */
  private onTickError(error: unknown): void {
    this.fail(error);
    if (this.writability.failed(error)) return;
    if (isOverlap(error)) {
      // The clock went back over time already recorded: this poll is not counted twice.
      this.tracker.discard();
      return;
    }
    if (error instanceof Error && error.name === 'SqliteError') this.pause(`database error: ${error.message}`);
  }

  private suspendForStorage(): void {
    if (this.state === 'stopped' || this.state === 'paused' || this.state === 'locked') return;
    this.closeWorkSession('nothing could be saved');
    this.becomeUnavailable({ cause: 'storage', reason: 'storage_error', message: this.writability.message() ?? 'nothing can be saved' });
  }

  private resumeAfterStorage(): void {
    if (this.state !== 'unavailable' || this.unavailable?.cause !== 'storage') return;
    const at = this.deps.clock.now();
    try {
      for (const ws of this.unclosed.splice(0)) this.deps.activity.endWorkSession(ws.id, ws.end, ws.reason, 'interrupted');
      this.coverage?.retry();
      this.openWorkSession(at);
      this.unavailable = null;
      this.setState('observing', null);
    } catch (error) {
      this.onTickError(error);
    }
  }

  private becomeUnavailable(unavailable: Unavailable): void {
    this.unavailable = unavailable;
    this.lastWindow = null;
    this.setState('unavailable', unavailable.message, unavailable.sinceMs);
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
    this.observingSince = at;
    this.workSessionDay = localDateOf(at);
    this.lastWindow = null;
    this.capture.resetSchedule();
    this.nextIdleProbeAt = Number.NEGATIVE_INFINITY;
    this.deps.events.emit('work-session:started', { workSessionId: this.workSessionId, at: iso(at) });
  }

  private closeWorkSession(reason: string): void {
    if (this.workSessionId === null) return;
    const end = this.tracker.open?.endMs ?? this.lastPollAt ?? this.deps.clock.now();
    try {
      this.tracker.close();
      this.deps.activity.endWorkSession(this.workSessionId, end, reason);
    } catch (error) {
      // The store may be what failed (disk full, locked): closed as interrupted when it can be written again, or at next start.
      this.tracker.discard();
      this.unclosed.push({ id: this.workSessionId, end, reason });
      this.fail(error);
    }
    this.deps.events.emit('work-session:ended', { workSessionId: this.workSessionId, at: iso(end), reason });
    this.workSessionId = null;
    this.workSessionDay = null;
    this.lastWindow = null;
  }

  private setState(state: CaptureState, reason: string | null, since?: number): void {
    if (state === this.state && reason === this.pausedReason) return;
    this.state = state;
    const observing = state === 'observing' || state === 'idle' || state === 'private';
    this.pausedReason = observing ? null : reason;
    // Observed time is recorded only by a poll that saw it (`since` comes from one): starting or
    // resuming is an intent, and the moment before the first poll is not yet observed.
    if (!observing || since !== undefined) this.recordCoverage(this.deps.clock.now(), since);
    this.deps.events.emit('capture:state-changed', { state, reason });
  }

  /** The coverage stretch the current state continues (nothing while stopped: that is time not running). */
  private recordCoverage(at: number, since = at): void {
    const reason = coverageReasonOf(this.state, this.pausedReason, this.unavailable);
    if (reason) this.coverage?.note(at, reason.reason, reason.detail, since);
  }

  /** Whether a failed coverage write may be tried again (the store is failing); any other refusal is reported. */
  private coverageWriteFailed(error: unknown): boolean {
    if (this.writability.failed(error)) return true;
    this.fail(error);
    return false;
  }

  private fail(error: unknown): void {
    this.counters.failures++;
    this.lastError = { at: iso(this.deps.clock.now()), message: messageOf(error) };
    this.deps.events.emit('capture:error', this.lastError);
  }
}
