import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ActiveWindow } from './capture-source';
import { parseWindowPropertyLine } from './x11-focus-watcher';

const run = promisify(execFile);

/** A rectangle in root-window pixels. */
export interface ScreenArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** An application window: WM_CLASS's class part (the app name the focus watcher reports) and its title. */
export interface X11Client {
  readonly id: string;
  readonly app: string;
  /** _NET_WM_NAME, else WM_NAME ('' when it has neither); null when it is compound text beyond Latin-1. */
  readonly title: string | null;
}

/** A child of the root window (usually the window manager's frame, title bar included) and the apps in it. */
export interface TopLevelWindow extends ScreenArea {
  readonly id: string;
  readonly clients: readonly X11Client[];
}

export interface WindowInfo {
  /** Mapped, with every ancestor: not minimized, not on another desktop. */
  readonly viewable: boolean;
  /** Draws what it covers: an InputOnly window or a translucent (32-bit) one lets what is below show. */
  readonly opaque: boolean;
}

function overlaps(a: ScreenArea, b: ScreenArea): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** `area` minus `cover`: up to four rectangles. */
export function subtractArea(area: ScreenArea, cover: ScreenArea): ScreenArea[] {
  if (!overlaps(area, cover)) return [area];
  const left = Math.max(area.x, cover.x);
  const top = Math.max(area.y, cover.y);
  const right = Math.min(area.x + area.width, cover.x + cover.width);
  const bottom = Math.min(area.y + area.height, cover.y + cover.height);
  const pieces: ScreenArea[] = [
    { x: area.x, y: area.y, width: area.width, height: top - area.y },
    { x: area.x, y: bottom, width: area.width, height: area.y + area.height - bottom },
    { x: area.x, y: top, width: left - area.x, height: bottom - top },
    { x: right, y: top, width: area.x + area.width - right, height: bottom - top },
  ];
  return pieces.filter((piece) => piece.width > 0 && piece.height > 0);
}

async function readTitleWithXprop(id: string): Promise<string> {
  const { stdout } = await run('xprop', ['-id', id, '_NET_WM_NAME', 'WM_NAME'], { timeout: 2000 });
  for (const line of stdout.split('\n')) {
    const property = parseWindowPropertyLine(line);
    if (property && property.kind !== 'class') return property.title;
  }
  return '';
}

/**
 * Compound-text titles beyond Latin-1 (old Xt and Motif apps) are read with xprop, which decodes
 * them, and kept a minute per window: a process per window per frame would cost more than the rest
 * of the capture. A private window (incognito) has its marker from the start, under a new id.
 */
const TITLE_TTL_MS = 60_000;

/** How the window stack is read: x11-window-stack.ts over the engine's own X connection. */
export interface WindowStackReader {
  /** The root's children bigger than a pixel, top of the stack first, each with its clients. */
  read(): Promise<TopLevelWindow[]>;
  /** Whether window `id` shows and hides what is below it. */
  info(id: string): Promise<WindowInfo>;
}

/**
 * The screen areas where windows `isPrivate` names can be seen: each viewable private window's frame
 * minus the opaque viewable windows stacked above it. One read of the window stack per screenshot,
 * with the windows' attributes asked only while a private window is open, and no process but xprop
 * for a title in compound text. Rejects when the windows cannot be read, so a screenshot is never
 * kept unchecked.
 */
export class X11PrivateWindows {
  private readonly titles = new Map<string, { readonly title: string; readonly at: number }>();

  constructor(private readonly windows: WindowStackReader) {}

  async visibleAreas(isPrivate: (window: ActiveWindow) => boolean): Promise<ScreenArea[]> {
    return (await this.visiblePrivateWindows(isPrivate)).areas;
  }

  /** The visible areas, and how many private windows they belong to (the privacy report counts those). */
  async visiblePrivateWindows(
    isPrivate: (window: ActiveWindow) => boolean,
  ): Promise<{ areas: ScreenArea[]; windows: number; stack: readonly TopLevelWindow[] }> {
    const stack = await this.windows.read();
    this.forgetClosedWindows(stack);
    const areas: ScreenArea[] = [];
    let windows = 0;
    for (const [index, topLevel] of stack.entries()) {
      const privateClient = await this.privateClientIn(topLevel, isPrivate);
      if (!privateClient || !(await this.windows.info(privateClient.id)).viewable) continue;
      let visible: ScreenArea[] = [topLevel];
      for (const above of stack.slice(0, index)) {
        if (!visible.some((area) => overlaps(area, above))) continue;
        const info = await this.windows.info(above.id);
        if (info.viewable && info.opaque) visible = visible.flatMap((area) => subtractArea(area, above));
      }
      areas.push(...visible);
      if (visible.length > 0) windows++;
    }
    return { areas, windows, stack };
  }

  private async privateClientIn(topLevel: TopLevelWindow, isPrivate: (window: ActiveWindow) => boolean): Promise<X11Client | undefined> {
    for (const client of topLevel.clients) {
      if (isPrivate({ app: client.app, title: await this.titleOf(client) })) return client;
    }
    return undefined;
  }

  private async titleOf(client: X11Client): Promise<string> {
    if (client.title !== null) return client.title;
    const now = Date.now();
    const known = this.titles.get(client.id);
    if (known && now - known.at < TITLE_TTL_MS) return known.title;
    const title = await readTitleWithXprop(client.id);
    this.titles.set(client.id, { title, at: now });
    return title;
  }

  private forgetClosedWindows(stack: readonly TopLevelWindow[]): void {
    const open = new Set(stack.flatMap((w) => w.clients.map((c) => c.id)));
    for (const id of this.titles.keys()) if (!open.has(id)) this.titles.delete(id);
  }
}
