import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ActiveWindow, CaptureSource } from './capture-source';
import { X11FocusWatcher } from './x11-focus-watcher';

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
 * polling cost), else from get-windows; frames from screenshot-desktop.
 */
export class DesktopSource implements CaptureSource {
  readonly kind = 'desktop' as const;
  private readonly focusWatcher: X11FocusWatcher | null;

  constructor(
    private readonly idleProbe: IdleProbe = xprintidleProbe,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.focusWatcher = process.platform === 'linux' && env.DISPLAY ? new X11FocusWatcher() : null;
  }

  async activeWindow(): Promise<ActiveWindow | null> {
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

  async captureScreen(): Promise<Buffer> {
    const { default: screenshot } = await import('screenshot-desktop');
    return screenshot({ format: 'jpg' });
  }

  async close(): Promise<void> {
    await this.focusWatcher?.close();
  }
}
