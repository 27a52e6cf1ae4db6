import type { DesktopSession } from '../desktop-session';
import { missingWindowReader, startWaylandIdle } from './sway-parts';
import { MissingPieceError, type WaylandParts } from './wayland-parts';

/**
 * KDE Plasma (KWin): idle time through the idle protocol KWin offers (ext-idle-notify-v1); the
 * focused window and screenshots are not read yet. KWin gives a window's app and title to a KWin
 * script, which can only pass them on by calling a D-Bus service, and its screenshots (ScreenShot2)
 * to a caller that hands it a file descriptor over D-Bus: both need a D-Bus endpoint in the engine
 * (docs/desktops.md, "KDE Plasma"). Health says so, rather than recording nothing silently.
 */
export function kdeParts(session: DesktopSession): WaylandParts {
  const notYet = (piece: 'window' | 'screenshots'): MissingPieceError =>
    new MissingPieceError({
      piece,
      problem:
        piece === 'window'
          ? 'Workflow Shadow cannot read the focused window on KDE Plasma (Wayland) yet, so nothing is recorded.'
          : 'Workflow Shadow cannot take screenshots on KDE Plasma (Wayland) yet.',
      fix: 'Choose "Plasma (X11)" at the login screen meanwhile: there everything is observed.',
    });
  return {
    session,
    compositorName: 'KWin',
    windows: missingWindowReader(notYet('window')),
    startGrabber: () => Promise.reject(notYet('screenshots')),
    startIdle: () => startWaylandIdle(session, 'KWin'),
  };
}
