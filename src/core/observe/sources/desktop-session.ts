import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which desktop the engine runs in, read from the session's environment: the kind of session (the
 * display server protocol) and the compositor that draws it. The desktop source is chosen from this,
 * and health names it (`capture.desktop`), so a person sees what the app believes it observes.
 */
export type SessionKind = 'x11' | 'wayland' | 'none' | 'macos' | 'windows';

/** The compositors with a source of their own; `other` is any other Wayland compositor (named in `name`). */
export type CompositorKind = 'sway' | 'gnome' | 'kde' | 'other';

export interface DesktopSession {
  readonly session: SessionKind;
  /** Null on X11 (the window manager is not what is read), outside Linux, and without a session. */
  readonly compositor: CompositorKind | null;
  /** The compositor as the environment names it (`sway`, `GNOME`, `KDE`, `Hyprland`…), for people. */
  readonly name: string | null;
  /** The Wayland socket (absolute path) a client connects to; null outside Wayland. */
  readonly waylandSocket: string | null;
}

const desktopNames = (env: NodeJS.ProcessEnv): string[] =>
  [env.XDG_CURRENT_DESKTOP, env.XDG_SESSION_DESKTOP, env.DESKTOP_SESSION]
    .flatMap((value) => (value ?? '').split(':'))
    .map((name) => name.trim())
    .filter(Boolean);

/** `$WAYLAND_DISPLAY` as a path: absolute as given, else inside `$XDG_RUNTIME_DIR` (as libwayland resolves it). */
export function waylandSocketPath(env: NodeJS.ProcessEnv): string | null {
  const display = env.WAYLAND_DISPLAY;
  if (!display) return null;
  if (display.startsWith('/')) return display;
  return env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, display) : null;
}

function compositorOf(env: NodeJS.ProcessEnv): { kind: CompositorKind; name: string | null } {
  const names = desktopNames(env);
  const named = (pattern: RegExp): string | undefined => names.find((name) => pattern.test(name));
  // The compositor's own variables first: they are set by it, the desktop names by the login manager.
  if (env.SWAYSOCK) return { kind: 'sway', name: 'sway' };
  const gnome = named(/^(gnome|ubuntu|pop|unity)$/i);
  if (gnome) return { kind: 'gnome', name: 'GNOME' };
  const kde = named(/^(kde|plasma)$/i);
  if (kde || env.KDE_FULL_SESSION) return { kind: 'kde', name: 'KDE' };
  if (named(/^sway$/i)) return { kind: 'sway', name: 'sway' };
  if (env.HYPRLAND_INSTANCE_SIGNATURE) return { kind: 'other', name: 'Hyprland' };
  return { kind: 'other', name: names[0] ?? null };
}

/**
 * The session as its environment tells it. Wayland wins over X11 when both are set: DISPLAY is then
 * XWayland's, which shows only the windows of X11 apps (a root screenshot is black or partial).
 */
export function detectDesktopSession(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): DesktopSession {
  if (platform === 'darwin') return { session: 'macos', compositor: null, name: null, waylandSocket: null };
  if (platform === 'win32') return { session: 'windows', compositor: null, name: null, waylandSocket: null };
  const socket = waylandSocketPath(env);
  // A session that says it is Wayland is one even when the socket is not known here (a service started
  // without WAYLAND_DISPLAY): the source then says what is missing rather than watching XWayland.
  const wayland = (socket !== null && existsSync(socket)) || env.XDG_SESSION_TYPE === 'wayland';
  if (wayland) {
    const { kind, name } = compositorOf(env);
    return { session: 'wayland', compositor: kind, name, waylandSocket: socket };
  }
  if (env.DISPLAY) return { session: 'x11', compositor: null, name: desktopNames(env)[0] ?? null, waylandSocket: null };
  return { session: 'none', compositor: null, name: null, waylandSocket: null };
}
