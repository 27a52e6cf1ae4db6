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
  /** WM_NAME as xwininfo prints it; null when it has none or one xwininfo cannot print (UTF-8 titles). */
  readonly title: string | null;
}

/** A child of the root window (usually the window manager's frame, title bar included) and the apps in it. */
export interface TopLevelWindow extends ScreenArea {
  readonly id: string;
  readonly clients: readonly X11Client[];
}

// `   0x60000c "Budget.xlsx": ("xterm" "Excel")  484x316+1+20  +1321+389`: id, name and class, size, absolute position.
const TREE_LINE = /^(\s*)(0x[0-9a-f]+) (.*?)\s+(\d+)x(\d+)[+-]-?\d+[+-]-?\d+\s+\+(-?\d+)\+(-?\d+)\s*$/i;
const NAME_AND_CLASS = /^(?:"(.*)"|\([^)]*\)): \("(.*)" "(.*)"\)$/;

/** The root's children in `xwininfo -root -tree` output, top of the stack first (as xwininfo lists them). */
export function parseWindowTree(output: string): TopLevelWindow[] {
  const stack: { id: string; x: number; y: number; width: number; height: number; clients: X11Client[] }[] = [];
  let topLevelIndent: number | null = null;
  for (const line of output.split('\n')) {
    const m = TREE_LINE.exec(line);
    if (!m) continue;
    const indent = m[1]!.length;
    // The root's children are the least indented lines.
    if (topLevelIndent === null || indent <= topLevelIndent) {
      topLevelIndent = indent;
      stack.push({ id: m[2]!, width: Number(m[4]), height: Number(m[5]), x: Number(m[6]), y: Number(m[7]), clients: [] });
    }
    const named = NAME_AND_CLASS.exec(m[3]!);
    if (named) stack.at(-1)!.clients.push({ id: m[2]!, title: named[1] ?? null, app: named[3]! });
  }
  return stack;
}

export interface WindowInfo {
  /** Mapped, with every ancestor: not minimized, not on another desktop. */
  readonly viewable: boolean;
  /** Draws what it covers: an InputOnly window or a translucent (32-bit) one lets what is below show. */
  readonly opaque: boolean;
}

/** `xwininfo -id W` output. */
export function parseWindowInfo(output: string): WindowInfo {
  return {
    viewable: /Map State:\s*IsViewable/.test(output),
    opaque: /Class:\s*InputOutput/.test(output) && !/Depth:\s*32\b/.test(output),
  };
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

async function readTreeOnce(): Promise<string> {
  return (await run('xwininfo', ['-root', '-tree'], { timeout: 2000, maxBuffer: 16 * 1024 * 1024 })).stdout;
}

async function windowInfo(id: string): Promise<WindowInfo> {
  const { stdout } = await run('xwininfo', ['-id', id], { timeout: 2000 });
  return parseWindowInfo(stdout);
}

async function readUtf8Title(id: string): Promise<string> {
  const { stdout } = await run('xprop', ['-id', id, '_NET_WM_NAME', 'WM_NAME'], { timeout: 2000 });
  for (const line of stdout.split('\n')) {
    const property = parseWindowPropertyLine(line);
    if (property && property.kind !== 'class') return property.title;
  }
  return '';
}

/**
 * UTF-8 titles xwininfo cannot print are read with xprop and kept a minute per window: browsers'
 * titles often hold such characters, and a process per window per frame would cost more than the
 * rest of the capture. A private window (incognito) has its marker from the start, under a new id.
 */
const TITLE_TTL_MS = 60_000;

/**
 * The screen areas where windows `isPrivate` names can be seen: each viewable private window's frame
 * minus the opaque viewable windows stacked above it. One `xwininfo -root -tree` per screenshot;
 * more processes only for titles xwininfo cannot print and while a private window is open. Rejects
 * when the windows cannot be read, so a screenshot is never kept unchecked.
 */
export class X11PrivateWindows {
  private readonly titles = new Map<string, { readonly title: string; readonly at: number }>();

  /** `readTree`: the output of `xwininfo -root -tree` (DesktopSource reads it through one long-lived shell). */
  constructor(private readonly readTree: () => Promise<string> = readTreeOnce) {}

  async visibleAreas(isPrivate: (window: ActiveWindow) => boolean): Promise<ScreenArea[]> {
    return (await this.visiblePrivateWindows(isPrivate)).areas;
  }

  /** The visible areas, and how many private windows they belong to (the privacy report counts those). */
  async visiblePrivateWindows(
    isPrivate: (window: ActiveWindow) => boolean,
  ): Promise<{ areas: ScreenArea[]; windows: number; stack: readonly TopLevelWindow[] }> {
    const stdout = await this.readTree();
    const stack = parseWindowTree(stdout).filter((w) => w.width > 1 && w.height > 1);
    this.forgetClosedWindows(stack);
    const areas: ScreenArea[] = [];
    let windows = 0;
    for (const [index, topLevel] of stack.entries()) {
      const privateClient = await this.privateClientIn(topLevel, isPrivate);
      if (!privateClient || !(await windowInfo(privateClient.id)).viewable) continue;
      let visible: ScreenArea[] = [topLevel];
      for (const above of stack.slice(0, index)) {
        if (!visible.some((area) => overlaps(area, above))) continue;
        const info = await windowInfo(above.id);
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
    const title = await readUtf8Title(client.id);
    this.titles.set(client.id, { title, at: now });
    return title;
  }

  private forgetClosedWindows(stack: readonly TopLevelWindow[]): void {
    const open = new Set(stack.flatMap((w) => w.clients.map((c) => c.id)));
    for (const id of this.titles.keys()) if (!open.has(id)) this.titles.delete(id);
  }
}
