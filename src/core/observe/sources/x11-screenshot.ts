import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Display } from 'screenshot-desktop';
import { NoDisplayError } from './capture-source';

const run = promisify(execFile);

export interface X11Screenshot {
  /** JPEG of the primary screen. */
  readonly image: Buffer;
  /** Where that screen's top-left corner sits on the root window (other screens may lie left or above). */
  readonly origin: { readonly x: number; readonly y: number };
}

/** Throws a clear reason where there is no X display (a console, SSH, a Wayland-only session). */
export function requireX11Display(): void {
  if (!process.env.DISPLAY) throw new NoDisplayError('No X display to observe (DISPLAY is not set)');
}

/** Screens change when a monitor is plugged in: listing them (xrandr) for every frame would cost more. */
const SCREENS_TTL_MS = 30_000;
let screensCache: { at: number; screens: Promise<Display[]> } | null = null;

async function listScreens(): Promise<Display[]> {
  const now = Date.now();
  if (!screensCache || now - screensCache.at > SCREENS_TTL_MS) {
    const { default: screenshot } = await import('screenshot-desktop');
    const screens = screenshot.listDisplays();
    screensCache = { at: now, screens };
    // A failed listing is not kept: the next frame asks again.
    screens.catch(() => {
      if (screensCache?.screens === screens) screensCache = null;
    });
  }
  return screensCache.screens;
}

/**
 * The primary screen, grabbed the way screenshot-desktop does on Linux (xrandr for the screens,
 * listed every 30 s, ImageMagick's `import` for the pixels), with its own error handling: screenshot-desktop leaves
 * xrandr's failure as an unhandled rejection, which ends the process when the display is gone.
 */
export async function grabX11Screen(): Promise<X11Screenshot> {
  requireX11Display();
  const screens = await listScreens();
  const screen = screens.find((s) => s.primary || s.id === 'default') ?? screens[0];
  if (!screen?.crop) throw new Error('xrandr lists no connected screen');
  const { stdout } = await run('import', ['-silent', '-window', 'root', '-crop', screen.crop, '-screen', 'jpg:-'], {
    encoding: 'buffer',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 10_000,
  });
  return { image: stdout, origin: { x: screen.offsetX ?? 0, y: screen.offsetY ?? 0 } };
}
