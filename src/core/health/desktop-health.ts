import type { HealthReason } from '../../shared/contract/index';
import type { DesktopPiece, DesktopStatus } from '../observe/sources/desktop-status';

/** Without the focused window nothing is recorded (failing); without screenshots or idle time, less is (degraded). */
const PIECES: Record<DesktopPiece, { code: string; severity: HealthReason['severity'] }> = {
  window: { code: 'desktop_window_missing', severity: 'failing' },
  screenshots: { code: 'desktop_screenshots_missing', severity: 'degraded' },
  idle: { code: 'desktop_idle_missing', severity: 'degraded' },
};

/**
 * One reason for each piece of the desktop the source found it cannot read, for a cause it checked,
 * naming the desktop and the step that fixes it (docs/desktops.md). Probes that fail for a cause not
 * checked keep their own reasons (`window_unreadable`, `screenshots_failing`, `idle_unreadable`).
 */
export function desktopHealthReasons(status: DesktopStatus | undefined): HealthReason[] {
  if (!status) return [];
  const where = status.compositorName
    ? `${status.compositorName} (${status.session === 'wayland' ? 'Wayland' : status.session})`
    : status.session;
  return status.missing.map((missing) => ({
    ...PIECES[missing.piece],
    message: `On ${where}: ${missing.problem}`,
    action: missing.fix,
    since: null,
  }));
}
