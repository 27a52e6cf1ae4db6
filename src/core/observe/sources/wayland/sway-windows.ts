import type { MonitorArea } from '../screen-grabber';
import type { DesktopWindow, WindowReader } from './desktop-window';
import { I3IpcConnection, IPC_MESSAGE } from './i3-ipc';

/** A node of sway's layout tree (`swaymsg -t get_tree`), as far as it is read here. */
export interface SwayNode {
  readonly id: number;
  readonly type: string;
  readonly name?: string | null;
  readonly focused?: boolean;
  readonly visible?: boolean;
  readonly rect: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly app_id?: string | null;
  readonly window_properties?: { readonly class?: string; readonly instance?: string; readonly title?: string };
  readonly pid?: number;
  readonly nodes?: readonly SwayNode[];
  readonly floating_nodes?: readonly SwayNode[];
}

/** An output of `swaymsg -t get_outputs`. */
export interface SwayOutput {
  readonly name: string;
  readonly active: boolean;
  readonly primary?: boolean;
  readonly focused?: boolean;
  readonly rect: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

/** A view is a leaf that shows a client: a Wayland one has an app id (maybe null), an XWayland one its window properties. */
const isView = (node: SwayNode): boolean =>
  (node.type === 'con' || node.type === 'floating_con') &&
  (node.pid !== undefined || 'app_id' in node || node.window_properties !== undefined);

/** The app of a view: its Wayland app id, else its X11 class (XWayland), else null. */
export function swayApp(node: SwayNode): string | null {
  return node.app_id || node.window_properties?.class || node.window_properties?.instance || null;
}

export function swayWindow(node: SwayNode): DesktopWindow {
  return {
    id: String(node.id),
    app: swayApp(node),
    title: node.name ?? node.window_properties?.title ?? '',
    area: { ...node.rect },
    focused: node.focused === true,
  };
}

/** The focused view; null when the focus is on a workspace (nothing focused). */
export function focusedView(tree: SwayNode): DesktopWindow | null {
  const stack: SwayNode[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.focused) return isView(node) ? swayWindow(node) : null;
    stack.push(...(node.nodes ?? []), ...(node.floating_nodes ?? []));
  }
  return null;
}

/** The views sway shows now (`visible`), floating ones first: they lie above the tiled ones. */
export function visibleViews(tree: SwayNode): DesktopWindow[] {
  const floating: DesktopWindow[] = [];
  const tiled: DesktopWindow[] = [];
  const walk = (node: SwayNode, inFloating: boolean): void => {
    if (isView(node) && node.visible) (inFloating ? floating : tiled).push(swayWindow(node));
    for (const child of node.nodes ?? []) walk(child, inFloating);
    for (const child of node.floating_nodes ?? []) walk(child, true);
  };
  walk(tree, false);
  return [...floating, ...tiled];
}

export function swayMonitors(outputs: readonly SwayOutput[]): MonitorArea[] {
  return outputs
    .filter((o) => o.active)
    .map((o) => ({ name: o.name, x: o.rect.x, y: o.rect.y, width: o.rect.width, height: o.rect.height, primary: o.focused === true }));
}

interface WindowEvent {
  readonly change: string;
  readonly container: SwayNode;
}

/**
 * sway's windows over its IPC socket: one connection subscribed to window and workspace events keeps
 * the focused window (a switch or a new title is known at once, at no cost while nothing changes);
 * a second answers the tree and the outputs when a screenshot needs them.
 */
export class SwayWindowReader implements WindowReader {
  private events: I3IpcConnection | null = null;
  private requests: I3IpcConnection | null = null;
  private current: DesktopWindow | null | undefined = undefined;
  private failed: Error | null = null;
  /** Counts focus changes, so a tree read before the latest event does not undo it. */
  private changes = 0;
  private known: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly socketPath: string) {}

  /** Connects (again, after the socket failed) and reads the focus from the tree; resolves once it is known. */
  start(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('the sway window reader was closed'));
    if (this.events && !this.events.closed) return this.known;
    this.failed = null;
    this.current = undefined;
    this.requests?.close();
    this.requests = new I3IpcConnection(this.socketPath, { onClose: (error) => (this.failed ??= error) });
    this.events = new I3IpcConnection(this.socketPath, {
      onEvent: (name, payload) => this.onEvent(name, payload),
      onClose: (error) => (this.failed ??= error),
    });
    this.known = this.events.subscribe(['window', 'workspace', 'shutdown']).then(() => this.refresh());
    this.known.catch((error: Error) => (this.failed ??= error));
    return this.known;
  }

  focused(): DesktopWindow | null | undefined {
    void this.start().catch(() => {});
    if (this.failed) throw this.failed;
    return this.current;
  }

  async visibleWindows(): Promise<readonly DesktopWindow[]> {
    await this.start();
    return visibleViews(await this.requests!.request<SwayNode>(IPC_MESSAGE.getTree));
  }

  async monitors(): Promise<readonly MonitorArea[]> {
    await this.start();
    return swayMonitors(await this.requests!.request<SwayOutput[]>(IPC_MESSAGE.getOutputs));
  }

  close(): Promise<void> {
    this.stopped = true;
    this.events?.close();
    this.requests?.close();
    return Promise.resolve();
  }

  private onEvent(name: string, payload: unknown): void {
    if (name === 'shutdown') {
      this.failed = new Error('sway is shutting down');
      return;
    }
    if (name === 'workspace') {
      // A switch to another workspace: its focused window (or none) is read from the tree.
      if ((payload as { change: string }).change === 'focus') void this.refresh();
      return;
    }
    const { change, container } = payload as WindowEvent;
    const isCurrent = this.current?.id === String(container.id);
    if (change === 'focus') this.setCurrent(swayWindow(container));
    else if (isCurrent && change === 'title') this.setCurrent(swayWindow({ ...container, focused: true }));
    // The focused window closed: where the focus went is read from the tree.
    else if (isCurrent && change === 'close') void this.refresh();
  }

  private setCurrent(window: DesktopWindow | null): void {
    this.current = window;
    this.changes++;
  }

  /** The focus from the tree, unless an event told a newer one while the tree was on its way. */
  private async refresh(): Promise<void> {
    const before = this.changes;
    try {
      const focused = focusedView(await this.requests!.request<SwayNode>(IPC_MESSAGE.getTree));
      if (this.changes === before) this.setCurrent(focused);
    } catch (error) {
      this.failed ??= error as Error;
    }
  }
}
