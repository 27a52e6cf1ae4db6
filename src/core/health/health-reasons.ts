import type { Health, HealthReason, HealthStatus, OcrStatusView } from '../../shared/contract/index';
import { formatClockTime } from '../../shared/format-clock-time';
import { formatDuration } from '../../shared/format-duration';
import type { WritabilityState } from '../store/writability-monitor';
import { storageProblemAction } from '../store/storage-failure';

/** What the engine's parts report; reasons are derived from what succeeded, not from what the loop intends. */
export interface HealthInputs {
  readonly nowMs: number;
  readonly pollIntervalMs: number;
  readonly capture: Health['capture'];
  /** Since when a poll should have read the screen (the last poll, or when observing began), null before any. */
  readonly pollDueSinceMs: number | null;
  /** Why capture is `unavailable` (the coverage reason; since when where known), when it is. */
  readonly unavailable: { readonly reason: string; readonly message: string; readonly sinceMs?: number | null } | null;
  /** The latest change of the wall clock the observer saw, if any. */
  readonly clockChange?: { readonly atMs: number; readonly byMs: number; readonly holdUntilMs: number | null } | null;
  readonly writability: WritabilityState;
  readonly ocr: Pick<OcrStatusView, 'enabled' | 'lastError'>;
  /** When OCR last stored text (null: not yet). */
  readonly lastOcrSuccessMs: number | null;
}

/** Where other features add their own reasons (the LLM's state, encryption at rest): each is asked on every health read. */
export type HealthReasonProvider = () => readonly HealthReason[];

/** A change of the clock is reported this long after it (what is shown around it may look odd). */
const CLOCK_CHANGE_NOTICE_MS = 10 * 60_000;

/** A tool the error says could not be found: the only case where installing something is the fix. */
function missingTool(error: string | null): string | null {
  return /spawn (\S+) ENOENT/.exec(error ?? '')?.[1] ?? null;
}

const TOOL_PACKAGES: Record<string, string> = {
  import: 'ImageMagick (`import`)',
  xrandr: '`xrandr` (x11-xserver-utils)',
  xwininfo: '`xwininfo` (x11-utils)',
  xprop: '`xprop` (x11-utils)',
};

/** A recent OCR failure counts for this long unless text was stored after it. */
const OCR_FAILURE_WINDOW_MS = 10 * 60_000;

const reason = (
  code: string,
  severity: HealthReason['severity'],
  message: string,
  action: string,
  since: string | null = null,
): HealthReason => ({ code, severity, message, action, since });

const running = (state: Health['capture']['state']): boolean => state === 'observing' || state === 'idle' || state === 'private';

function writabilityReason(writability: WritabilityState): HealthReason[] {
  if (writability.writable || !writability.problem) return [];
  const detail = writability.lastError ? ` (${writability.lastError.message})` : '';
  return [
    reason(
      'storage_unavailable',
      'failing',
      `Nothing new can be saved: ${storageWords[writability.problem]}${detail}. Capture is paused until writes work again.`,
      storageProblemAction(writability.problem),
      writability.failingSince,
    ),
  ];
}

const storageWords: Record<NonNullable<WritabilityState['problem']>, string> = {
  full: 'the disk holding the profile is full',
  read_only: 'the profile folder is read-only',
  io_error: 'the disk reported an I/O error',
  busy: 'another program holds the database locked',
  corrupt: 'the database file is damaged',
};

function captureReasons(inputs: HealthInputs): HealthReason[] {
  const { capture, unavailable, nowMs } = inputs;
  const out: HealthReason[] = [];
  const { window, idle, screenshot } = capture.probes;
  // A piece the desktop source found missing has its own reason, with the fix (desktop-health.ts).
  const missing = new Set(capture.desktop?.missing ?? []);
  // The X11 tools are named only where the desktop is X11 (or not known).
  const onX11 = capture.desktop === undefined || capture.desktop.session === 'x11';
  if (capture.state === 'unavailable' && unavailable?.reason === 'display_lost') {
    // The window, idle and screenshot probes all fail with it: one reason, the cause, not three symptoms.
    const since = unavailable.sinceMs ?? null;
    out.push(
      reason(
        'display_lost',
        'failing',
        `The display went away${since === null ? '' : ` at ${formatClockTime(since)}`}: ${unavailable.message}. Nothing is being recorded.`,
        'Observation resumes by itself when the display is back under the same name. If your desktop moved to another display, start Workflow Shadow from inside it.',
        since === null ? null : new Date(since).toISOString(),
      ),
    );
  } else if (capture.state === 'unavailable' && unavailable?.reason === 'clock_changed') {
    out.push(
      reason(
        'clock_changed',
        'failing',
        `The computer's clock was changed: ${unavailable.message}. Nothing is being recorded meanwhile.`,
        'Nothing to do: observation resumes by itself once the clock reaches the time already recorded.',
        unavailable.sinceMs == null ? null : new Date(unavailable.sinceMs).toISOString(),
      ),
    );
  } else if (capture.state === 'unavailable' && unavailable?.reason === 'no_display') {
    out.push(
      reason(
        'no_display',
        'failing',
        `Workflow Shadow cannot see your screen: ${unavailable.message}. Nothing is being recorded.`,
        'Start it from inside your desktop session (where DISPLAY is set), or play a recorded day with `shadow start --replay <dir>`. It starts observing by itself once a display can be read.',
        window.lastOkAt === null ? null : window.lastFailedAt,
      ),
    );
  } else if (capture.state === 'unavailable' && unavailable?.reason === 'capture_error' && !missing.has('window')) {
    out.push(
      reason(
        'window_unreadable',
        'failing',
        `The focused window cannot be read (${unavailable.message}), so nothing is being recorded.`,
        `${onX11 ? 'On X11, check that `xprop -root` works in this session. ' : ''}Workflow Shadow tries again at every poll and resumes by itself.`,
        window.lastFailedAt,
      ),
    );
  }
  const stallMs = Math.max(30_000, inputs.pollIntervalMs * 10);
  const dueSince = inputs.pollDueSinceMs;
  if (running(capture.state) && dueSince !== null && nowMs - dueSince > stallMs) {
    out.push(
      reason(
        'capture_stalled',
        'failing',
        `No poll has read the screen since ${formatClockTime(dueSince)}: capture seems stuck.`,
        'Restart Workflow Shadow if this does not clear within a minute.',
        capture.lastPollAt,
      ),
    );
  }
  if (running(capture.state) && screenshot.consecutiveFailures > 0 && !missing.has('screenshots')) {
    const tool = missingTool(screenshot.lastError);
    out.push(
      reason(
        'screenshots_failing',
        'degraded',
        `App time is recorded, but screenshots fail (${screenshot.lastError ?? 'unknown error'}), so screen text, search and summaries miss what is on your screen.`,
        tool
          ? `Install ${TOOL_PACKAGES[tool] ?? `\`${tool}\``}; the next capture tries again.`
          : 'The next capture tries again; if this stays, restart Workflow Shadow and report the error above.',
        screenshot.lastFailedAt,
      ),
    );
  }
  if (running(capture.state) && idle.consecutiveFailures > 0 && !missing.has('idle')) {
    const lacksExtension = /lacks the MIT-SCREEN-SAVER extension/.test(idle.lastError ?? '');
    out.push(
      reason(
        'idle_unreadable',
        'degraded',
        `Idle time cannot be read (${idle.lastError ?? 'unknown error'}), so time away from the computer counts as active.`,
        lacksExtension
          ? 'Run your desktop on an X server with the MIT-SCREEN-SAVER extension (every Xorg and Xvfb build has it), or use the desktop app, which reads idle time itself.'
          : 'Workflow Shadow tries again every minute; if this stays, restart it and report the error above.',
        idle.lastFailedAt,
      ),
    );
  }
  const change = inputs.clockChange;
  if (change && change.holdUntilMs === null && nowMs - change.atMs < CLOCK_CHANGE_NOTICE_MS && running(capture.state)) {
    out.push(
      reason(
        'clock_changed',
        'degraded',
        `The computer's clock was set ${change.byMs > 0 ? 'forward' : 'back'} by ${formatDuration(Math.abs(change.byMs) / 1000)} at ${formatClockTime(change.atMs)}: the time it skipped holds no activity, and nothing was counted twice.`,
        'Nothing to do; this note goes away by itself.',
        new Date(change.atMs).toISOString(),
      ),
    );
  }
  return out;
}

function ocrReasons(inputs: HealthInputs): HealthReason[] {
  const { ocr, nowMs, lastOcrSuccessMs } = inputs;
  if (!ocr.enabled || !ocr.lastError) return [];
  const failedAt = Date.parse(ocr.lastError.at);
  if (nowMs - failedAt > OCR_FAILURE_WINDOW_MS || (lastOcrSuccessMs !== null && lastOcrSuccessMs > failedAt)) return [];
  return [
    reason(
      'ocr_failing',
      'degraded',
      `Text on screen could not be read from recent frames (${ocr.lastError.message}), so screen search misses them.`,
      'It retries with the next frames; if it keeps failing, restart Workflow Shadow.',
      ocr.lastError.at,
    ),
  ];
}

const SEVERITY_ORDER: Record<HealthReason['severity'], number> = { failing: 0, degraded: 1 };

/** Every reason, worst first. */
export function deriveHealthReasons(inputs: HealthInputs, providers: readonly HealthReasonProvider[] = []): HealthReason[] {
  const all = [
    ...writabilityReason(inputs.writability),
    ...captureReasons(inputs),
    ...ocrReasons(inputs),
    ...providers.flatMap((p) => p()),
  ];
  return all.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

export function healthStatusOf(reasons: readonly HealthReason[]): HealthStatus {
  if (reasons.some((r) => r.severity === 'failing')) return 'failing';
  return reasons.length > 0 ? 'degraded' : 'ok';
}
