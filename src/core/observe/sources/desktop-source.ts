import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { blackOut } from './black-out';
import type { ActiveWindow, CaptureSource } from './capture-source';
import { X11FocusWatcher } from './x11-focus-watcher';
import { X11PrivateWindows } from './x11-private-windows';
import { grabX11Screen, requireX11Display } from './x11-screenshot';

const run = promisify(execFile);

/** Seconds since the last input; Electron passes powerMonitor's, elsewhere xprintidle answers on X11. */
export type IdleProbe = () => Promise<number>;

export const xprintidleProbe: IdleProbe = async () => {
  const { stdout } = await run('xprintidle', [], { timeout: 2000 });
  const ms = Number.parseInt(stdout.trim(), 10);
  if (!Number.isFinite(ms)) throw new Error(`xprintidle printed "${stdout.trim()}", not a number of milliseconds`);
  return ms / 1000;
};

/**
 * The real desktop: the focused window from an X11 focus watcher where there is one (events, no
 * polling cost), else from get-windows; frames from screenshot-desktop (its own way on Linux, see
 * x11-screenshot.ts), with private windows visible beside the focused one blacked out on X11.
 */
export class DesktopSource implements CaptureSource {
  readonly kind = 'desktop' as const;
  private readonly focusWatcher: X11FocusWatcher | null;
  private readonly onLinux: boolean;
  private readonly privateWindows = new X11PrivateWindows();

  constructor(private readonly idleProbe: IdleProbe = xprintidleProbe) {
    this.onLinux = process.platform === 'linux';
    this.focusWatcher = this.onLinux && process.env.DISPLAY ? new X11FocusWatcher() : null;
  }

  async activeWindow(): Promise<ActiveWindow | null> {
    // get-windows reads X11 on Linux; without a display it answers "no window", which would count as time.
    if (this.onLinux) requireX11Display();
    this.focusWatcher?.start();
    const watched = this.focusWatcher?.current();
    if (watched !== undefined) return watched;
    const { activeWindow } = await import('get-windows');
    const win = await activeWindow();
    if (!win) return null;
    return { app: win.owner.name || 'Unknown', title: win.title ?? '' };
  }

  idleSeconds(): Promise<number> {
    return this.idleProbe();
  }

  async captureScreen(isPrivate?: (window: ActiveWindow) => boolean, onBlackedOut?: (windows: number) => void): Promise<Buffer> {
    if (!this.onLinux) {
      const { default: screenshot } = await import('screenshot-desktop');
      return screenshot({ format: 'jpg' });
    }
    requireX11Display();
    if (!isPrivate) return (await grabX11Screen()).image;
    // Looked for just before the shot. A private window that opens in between takes the focus, and
    // the observer drops a frame taken while the focus moved; one that closes is blacked out needlessly.
    const { areas, windows } = await this.privateWindows.visiblePrivateWindows(isPrivate);
    const { image, origin } = await grabX11Screen();
    if (areas.length === 0) return image;
    const painted = await blackOut(image, areas, origin);
    onBlackedOut?.(windows);
    return painted;
  }

  async close(): Promise<void> {
    await this.focusWatcher?.close();
  }
}
