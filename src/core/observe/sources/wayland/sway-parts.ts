import type { DesktopSession } from '../desktop-session';
import type { DesktopWindow, WindowReader } from './desktop-window';
import { onPath } from './on-path';
import { SwayWindowReader } from './sway-windows';
import { WaylandIdle } from './wayland-idle';
import { MissingPieceError, type IdleReader, type MonitorGrabber, type WaylandParts } from './wayland-parts';
import { grimGrabber, ScreencopyGrabber } from './wlr-screencopy';
import { messageOf } from '../../../util/message-of';

/** A reader for a piece that cannot work: every call says why, with the fix. */
export function missingWindowReader(error: MissingPieceError): WindowReader {
  return {
    start: () => Promise.reject(error),
    focused: (): DesktopWindow | null | undefined => {
      throw error;
    },
    visibleWindows: () => Promise.reject(error),
    monitors: () => Promise.reject(error),
    close: () => Promise.resolve(),
  };
}

/** Where the Wayland socket is not known, no Wayland protocol can be spoken. */
export function noWaylandSocket(piece: 'screenshots' | 'idle'): MissingPieceError {
  return new MissingPieceError({
    piece,
    problem: `The Wayland socket is not known here (WAYLAND_DISPLAY is not set), so ${piece === 'idle' ? 'idle time' : 'the screen'} cannot be read.`,
    fix: 'Start Workflow Shadow from inside your desktop session, so it inherits WAYLAND_DISPLAY.',
  });
}

/**
 * Screenshots through wlr-screencopy: the long-lived helper where python3 runs it, else grim (one
 * process a screenshot); neither installed is a missing piece with its fix.
 */
export async function startWlrGrabber(env: NodeJS.ProcessEnv, compositorName: string): Promise<MonitorGrabber> {
  if (!env.WAYLAND_DISPLAY) throw noWaylandSocket('screenshots');
  let helperError: Error;
  try {
    return await ScreencopyGrabber.start(env);
  } catch (error) {
    helperError = error as Error;
  }
  if (/does not offer .*zwlr_screencopy_manager_v1/.test(helperError.message))
    throw new MissingPieceError({
      piece: 'screenshots',
      problem: `${compositorName} does not offer the wlr-screencopy protocol, so no screenshot can be taken: app time is recorded, screen text is not.`,
      fix: 'Use a compositor that offers it (sway, Hyprland, river, Wayfire do).',
    });
  if (onPath('grim', env))
    return {
      ...grimGrabber(env),
      fallbackReason: `the screencopy helper cannot run (${helperError.message}); taking screenshots with grim`,
    };
  if (!onPath('python3', env))
    throw new MissingPieceError({
      piece: 'screenshots',
      problem:
        'Screenshots need python3 (for the built-in screencopy helper) or grim, and neither is installed: app time is recorded, screen text is not.',
      fix: 'Install python3 (`sudo apt install python3`) or grim, then screenshots start within a minute.',
    });
  throw helperError;
}

/** Idle time from the compositor's idle protocol, over the Wayland socket. */
export async function startWaylandIdle(session: DesktopSession, compositorName: string): Promise<IdleReader> {
  if (!session.waylandSocket) throw noWaylandSocket('idle');
  try {
    return await WaylandIdle.open(session.waylandSocket);
  } catch (error) {
    if (!/offers no idle protocol/.test(messageOf(error))) throw error;
    throw new MissingPieceError({
      piece: 'idle',
      problem: `${compositorName} ${messageOf(error).replace(/^the compositor /, '')}, so time away from the computer counts as active.`,
      fix: 'Update the compositor to one that offers ext-idle-notify-v1 or org_kde_kwin_idle (sway 1.7+, Hyprland, KWin 5.27+).',
    });
  }
}

/** sway: windows from its IPC socket, screenshots through wlr-screencopy, idle through the idle protocol. */
export function swayParts(session: DesktopSession, env: NodeJS.ProcessEnv): WaylandParts {
  const socket = env.SWAYSOCK;
  const windows = socket
    ? new SwayWindowReader(socket)
    : missingWindowReader(
        new MissingPieceError({
          piece: 'window',
          problem:
            "sway's IPC socket is not known here (SWAYSOCK is not set), so the focused window cannot be read and nothing is recorded.",
          fix: "Start Workflow Shadow from inside your sway session (for example `exec workflow-shadow` in sway's config), so it inherits SWAYSOCK.",
        }),
      );
  return {
    session,
    compositorName: 'sway',
    windows,
    startGrabber: () => startWlrGrabber(env, 'sway'),
    startIdle: () => startWaylandIdle(session, 'sway'),
  };
}
