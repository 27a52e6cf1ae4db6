import type { CaptureSource } from './capture-source';
import { DesktopSource, type IdleProbe } from './desktop-source';
import { detectDesktopSession, type DesktopSession } from './desktop-session';
import { gnomeParts } from './wayland/gnome-parts';
import { kdeParts } from './wayland/kde-parts';
import { missingWindowReader, startWaylandIdle, startWlrGrabber, swayParts } from './wayland/sway-parts';
import { MissingPieceError, type WaylandParts } from './wayland/wayland-parts';
import { WaylandSource } from './wayland/wayland-source';

/** A Wayland compositor without a window reader here: the rest may work, the focused window cannot be read. */
function unsupportedParts(session: DesktopSession, env: NodeJS.ProcessEnv): WaylandParts {
  const name = session.name ?? 'this Wayland compositor';
  return {
    session,
    compositorName: name,
    windows: missingWindowReader(
      new MissingPieceError({
        piece: 'window',
        problem: `Workflow Shadow reads the focused window on sway, GNOME and KDE Plasma, not yet on ${name}, so nothing is recorded.`,
        fix: 'Log in to a sway, GNOME or KDE Plasma session, or to an X11 session.',
      }),
    ),
    startGrabber: () => startWlrGrabber(env, name),
    startIdle: () => startWaylandIdle(session, name),
  };
}

/**
 * The desktop source for the session this process runs in (desktop-session.ts): on Wayland the
 * compositor's own ways (docs/desktops.md), elsewhere `DesktopSource` (X11, macOS, Windows).
 * `idleProbe` (Electron's powerMonitor) is used outside Wayland only: there it reads X11's
 * screensaver extension, which under XWayland sees only the input of X11 windows.
 */
export function createDesktopSource(idleProbe?: IdleProbe, env: NodeJS.ProcessEnv = process.env): CaptureSource {
  const session = detectDesktopSession(env);
  if (session.session !== 'wayland') return new DesktopSource(idleProbe);
  switch (session.compositor) {
    case 'sway':
      return new WaylandSource(swayParts(session, env));
    case 'gnome':
      return new WaylandSource(gnomeParts(session, env));
    case 'kde':
      return new WaylandSource(kdeParts(session, env));
    default:
      return new WaylandSource(unsupportedParts(session, env));
  }
}
