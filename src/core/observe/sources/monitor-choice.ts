import type { ActiveWindow } from './capture-source';
import type { MonitorArea } from './screen-grabber';
import type { ScreenArea, TopLevelWindow } from './x11-private-windows';

const overlap = (a: ScreenArea, b: ScreenArea): number =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** The monitor showing most of `area` (a window straddling two belongs to the one with more of it); else the primary. */
export function monitorHolding(monitors: readonly MonitorArea[], area: ScreenArea | undefined): MonitorArea | undefined {
  let best: MonitorArea | undefined;
  let bestOverlap = 0;
  for (const monitor of area ? monitors : []) {
    const shared = overlap(monitor, area!);
    if (shared > bestOverlap) [best, bestOverlap] = [monitor, shared];
  }
  return best ?? monitors.find((m) => m.primary) ?? monitors[0];
}

const sameId = (a: string, b: string): boolean => Number.parseInt(a, 16) === Number.parseInt(b, 16);

/** The top-level frame (title bar included) of the client window `id`. */
export function frameOf(stack: readonly TopLevelWindow[], id: string | null): TopLevelWindow | undefined {
  if (id === null) return undefined;
  return stack.find((w) => sameId(w.id, id) || w.clients.some((c) => sameId(c.id, id)));
}

/** The topmost application window on `monitor`: what a frame of it shows in front. */
export function topWindowOn(stack: readonly TopLevelWindow[], monitor: MonitorArea): ActiveWindow | undefined {
  for (const w of stack) {
    const client = w.clients[0];
    if (client && w.width > 1 && w.height > 1 && overlap(w, monitor) > 0) return { app: client.app, title: client.title ?? '' };
  }
  return undefined;
}

/** `area` in the coordinates of `monitor`'s image, clipped to it; null when it lies outside. */
export function withinMonitor(area: ScreenArea, monitor: MonitorArea): ScreenArea | null {
  const x = Math.max(0, area.x - monitor.x);
  const y = Math.max(0, area.y - monitor.y);
  const right = Math.min(monitor.width, area.x - monitor.x + area.width);
  const bottom = Math.min(monitor.height, area.y - monitor.y + area.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}
