import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ActiveWindow, CaptureSource } from './capture-source';

const run = promisify(execFile);

/** Seconds since the last input; Electron passes powerMonitor's, elsewhere xprintidle answers on X11. */
export type IdleProbe = () => Promise<number>;

export const xprintidleProbe: IdleProbe = async () => {
  const { stdout } = await run('xprintidle', [], { timeout: 2000 });
  const ms = Number.parseInt(stdout.trim(), 10);
  if (!Number.isFinite(ms)) throw new Error(`xprintidle printed "${stdout.trim()}", not a number of milliseconds`);
  return ms / 1000;
};

/** The real desktop: get-windows for the focused window, screenshot-desktop for frames. */
export class DesktopSource implements CaptureSource {
  readonly kind = 'desktop' as const;

  constructor(private readonly idleProbe: IdleProbe = xprintidleProbe) {}

  async activeWindow(): Promise<ActiveWindow | null> {
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
}
