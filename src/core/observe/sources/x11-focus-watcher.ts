import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ActiveWindow } from './capture-source';

/**
 * `_NET_ACTIVE_WINDOW(WINDOW): window id # 0x60000c` → `0x60000c`; `0x0` (nothing focused) → null,
 * and so is a root window without the property (no window manager yet, as on a display just started
 * again): get-windows reads the same property, so asking it instead would only cost processes.
 */
export function parseActiveWindowLine(line: string): string | null | undefined {
  if (/^_NET_ACTIVE_WINDOW:\s+(not found|no such atom on any window)\.$/.test(line.trim())) return null;
  const match = /_NET_ACTIVE_WINDOW\(WINDOW\): window id # (0x[0-9a-f]+)/i.exec(line);
  if (!match) return undefined;
  return Number.parseInt(match[1]!, 16) === 0 ? null : match[1]!;
}

/** xprop quotes strings C-style; non-ASCII may come as octal byte escapes. */
function unquote(quoted: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < quoted.length; i++) {
    const c = quoted[i]!;
    if (c === '\\' && /^[0-7]{3}$/.test(quoted.slice(i + 1, i + 4))) {
      bytes.push(Number.parseInt(quoted.slice(i + 1, i + 4), 8));
      i += 3;
    } else if (c === '\\' && i + 1 < quoted.length) {
      const next = quoted[++i]!;
      bytes.push(...Buffer.from(next === 'n' ? '\n' : next === 't' ? '\t' : next));
    } else bytes.push(...Buffer.from(c));
  }
  return Buffer.from(bytes).toString('utf8');
}

const quotedStrings = (value: string): string[] => [...value.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => unquote(m[1]!));

export type WindowProperty =
  { readonly kind: 'class'; readonly app: string } | { readonly kind: 'net-name' | 'wm-name'; readonly title: string };

/** One line of `xprop -id W -spy WM_CLASS _NET_WM_NAME WM_NAME`, or null for "not found." and the like. */
export function parseWindowPropertyLine(line: string): WindowProperty | null {
  const match = /^(WM_CLASS|_NET_WM_NAME|WM_NAME)\([A-Z0-9_]+\) = (.*)$/.exec(line.trim());
  if (!match) return null;
  const strings = quotedStrings(match[2]!);
  if (match[1] === 'WM_CLASS') return strings.length ? { kind: 'class', app: strings.at(-1)! } : null;
  return { kind: match[1] === '_NET_WM_NAME' ? 'net-name' : 'wm-name', title: strings[0] ?? '' };
}

/** Focus moves through "nothing focused" for an instant at each switch; that is not a window of its own. */
const NO_FOCUS_GRACE_MS = 500;

/**
 * The focused X11 window, followed by events instead of polled: one `xprop -spy` on the root window
 * for focus changes and one on the focused window for its class and title. Polling with get-windows
 * runs three processes a second (about 2% of a core); this costs nothing while nothing changes.
 */
export class X11FocusWatcher {
  private root: ChildProcess | null = null;
  private focused: ChildProcess | null = null;
  private focusedId: string | null = null;
  private app: string | null = null;
  private netName: string | null = null;
  private wmName: string | null = null;
  private noFocusSince: number | null = null;
  /** When the focus moved to the focused window, or its class or title changed after it was first read. */
  private changedAt: number | null = null;
  private last: ActiveWindow | null = null;
  private failed: Error | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  start(): void {
    if (this.root || this.failed) return;
    this.root = this.spy(['-root', '-spy', '_NET_ACTIVE_WINDOW'], (line) => {
      const id = parseActiveWindowLine(line);
      if (id !== undefined) this.focus(id);
    });
  }

  /** Why the watcher cannot answer (xprop missing, no display), or null while it works. */
  get error(): Error | null {
    return this.failed;
  }

  /** The focused window; null when nothing is focused; undefined while not known yet (ask get-windows). */
  /** The focused client window's id (`0x…`), null when nothing is focused or before the first event. */
  focusedWindowId(): string | null {
    return this.focusedId;
  }

  current(): ActiveWindow | null | undefined {
    if (this.failed || !this.root) return undefined;
    if (this.focusedId === null) {
      if (this.noFocusSince === null || this.now() - this.noFocusSince < NO_FOCUS_GRACE_MS) return this.last ?? undefined;
      return null;
    }
    if (this.app === null) return undefined;
    this.last = {
      app: this.app || 'Unknown',
      title: this.netName ?? this.wmName ?? '',
      ...(this.changedAt === null ? {} : { since: this.changedAt }),
    };
    return this.last;
  }

  async close(): Promise<void> {
    const children = [this.root, this.focused].filter((c): c is ChildProcess => c !== null && c.exitCode === null);
    this.root = null;
    this.focused = null;
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill();
          }),
      ),
    );
  }

  private focus(id: string | null): void {
    if (id === this.focusedId) return;
    this.focused?.kill();
    this.focused = null;
    this.focusedId = id;
    this.app = this.netName = this.wmName = null;
    this.changedAt = this.now();
    if (id === null) {
      this.noFocusSince = this.now();
      return;
    }
    this.noFocusSince = null;
    const child = this.spy(['-id', id, '-spy', 'WM_CLASS', '_NET_WM_NAME', 'WM_NAME'], (line) => {
      if (this.focused !== child) return;
      const property = parseWindowPropertyLine(line);
      if (!property) return;
      const field = property.kind === 'class' ? 'app' : property.kind === 'net-name' ? 'netName' : 'wmName';
      const value = property.kind === 'class' ? property.app : property.title;
      // The first reading of each property belongs to the focus change; a later different one is a change of its own.
      if (this[field] !== null && this[field] !== value) this.changedAt = this.now();
      this[field] = value;
    });
    this.focused = child;
  }

  private spy(args: string[], onLine: (line: string) => void): ChildProcess {
    const child = spawn('xprop', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    createInterface({ input: child.stdout }).on('line', onLine);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => this.fail(new Error(`xprop could not run: ${error.message}`)));
    child.on('exit', (code, signal) => {
      // The focused window closing ends its spy; only the root spy ending means the watcher is lost.
      if (child === this.root && signal === null)
        this.fail(new Error(`xprop stopped watching the focus (${stderr.trim() || `exit ${code}`})`));
    });
    return child;
  }

  private fail(error: Error): void {
    this.failed ??= error;
    this.root = null;
  }
}
