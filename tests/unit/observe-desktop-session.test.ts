import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { desktopHealthReasons } from '../../src/core/health/desktop-health';
import { deriveHealthReasons } from '../../src/core/health/health-reasons';
import { detectDesktopSession, waylandSocketPath } from '../../src/core/observe/sources/desktop-session';
import type { Health } from '../../src/shared/contract/index';

const runtime = mkdtempSync(join(tmpdir(), 'shadow-session-'));
writeFileSync(join(runtime, 'wayland-1'), '');
afterAll(() => rmSync(runtime, { recursive: true, force: true }));

const wayland = { XDG_RUNTIME_DIR: runtime, WAYLAND_DISPLAY: 'wayland-1' };

describe('the desktop session, from the environment', () => {
  it('finds the Wayland socket as libwayland does', () => {
    expect(waylandSocketPath(wayland)).toBe(join(runtime, 'wayland-1'));
    expect(waylandSocketPath({ WAYLAND_DISPLAY: '/run/custom/socket' })).toBe('/run/custom/socket');
    expect(waylandSocketPath({ XDG_RUNTIME_DIR: runtime })).toBeNull();
  });

  it('names each compositor with a source of its own', () => {
    const session = (env: NodeJS.ProcessEnv) => detectDesktopSession(env, 'linux');
    expect(session({ ...wayland, SWAYSOCK: '/run/sway.sock', XDG_CURRENT_DESKTOP: 'sway' })).toMatchObject({
      session: 'wayland',
      compositor: 'sway',
      waylandSocket: join(runtime, 'wayland-1'),
    });
    expect(session({ ...wayland, XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' })).toMatchObject({ session: 'wayland', compositor: 'gnome' });
    expect(session({ ...wayland, XDG_CURRENT_DESKTOP: 'KDE' })).toMatchObject({ session: 'wayland', compositor: 'kde' });
    expect(session({ ...wayland, XDG_CURRENT_DESKTOP: 'Hyprland', HYPRLAND_INSTANCE_SIGNATURE: 'x' })).toMatchObject({
      compositor: 'other',
      name: 'Hyprland',
    });
  });

  it('prefers Wayland over the XWayland display beside it', () => {
    expect(detectDesktopSession({ ...wayland, DISPLAY: ':0', XDG_CURRENT_DESKTOP: 'GNOME' }, 'linux').session).toBe('wayland');
  });

  it('takes a session that says it is Wayland at its word, even without its socket', () => {
    expect(detectDesktopSession({ XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0', XDG_CURRENT_DESKTOP: 'GNOME' }, 'linux')).toMatchObject({
      session: 'wayland',
      compositor: 'gnome',
      waylandSocket: null,
    });
  });

  it('reads a stale WAYLAND_DISPLAY whose socket is gone as X11', () => {
    expect(detectDesktopSession({ XDG_RUNTIME_DIR: runtime, WAYLAND_DISPLAY: 'wayland-9', DISPLAY: ':1' }, 'linux').session).toBe('x11');
    expect(detectDesktopSession({}, 'linux').session).toBe('none');
    expect(detectDesktopSession({}, 'darwin').session).toBe('macos');
  });
});

const capture = (missing: Health['capture']['desktop']): Health['capture'] => ({
  state: 'observing',
  pausedReason: null,
  workSessionId: 1,
  polls: 10,
  framesCaptured: 0,
  framesSkipped: 0,
  screenshotsLeftOut: 0,
  failures: 3,
  lastCaptureAt: null,
  lastPollAt: null,
  lastError: null,
  probes: {
    window: { lastOkAt: null, lastFailedAt: null, consecutiveFailures: 0, lastError: null },
    idle: { lastOkAt: null, lastFailedAt: null, consecutiveFailures: 0, lastError: null },
    screenshot: { lastOkAt: null, lastFailedAt: '2026-03-10T09:00:00.000Z', consecutiveFailures: 3, lastError: 'no python3' },
  },
  desktop: missing,
});

describe('health of a desktop with a missing piece', () => {
  const status = {
    session: 'wayland' as const,
    compositor: 'sway' as const,
    compositorName: 'sway',
    missing: [{ piece: 'screenshots' as const, problem: 'Screenshots need python3 or grim.', fix: 'Install python3 or grim.' }],
  };

  it('gives the piece its own reason, naming the desktop and the fix', () => {
    expect(desktopHealthReasons(status)).toEqual([
      {
        code: 'desktop_screenshots_missing',
        severity: 'degraded',
        message: 'On sway (Wayland): Screenshots need python3 or grim.',
        action: 'Install python3 or grim.',
        since: null,
      },
    ]);
    expect(desktopHealthReasons({ ...status, missing: [{ piece: 'window', problem: 'p', fix: 'f' }] })[0]).toMatchObject({
      code: 'desktop_window_missing',
      severity: 'failing',
    });
    expect(desktopHealthReasons(undefined)).toEqual([]);
  });

  it('leaves out the generic reason of that piece, with its X11 advice', () => {
    const inputs = {
      nowMs: Date.parse('2026-03-10T09:00:01.000Z'),
      pollIntervalMs: 1000,
      pollDueSinceMs: null,
      unavailable: null,
      writability: { writable: true, problem: null, lastError: null, failingSince: null },
      ocr: { enabled: false, lastError: null },
      lastOcrSuccessMs: null,
    } as const;
    const withPiece = deriveHealthReasons(
      { ...inputs, capture: capture({ session: 'wayland', compositor: 'sway', missing: ['screenshots'] }) },
      [() => desktopHealthReasons(status)],
    );
    expect(withPiece.map((r) => r.code)).toEqual(['desktop_screenshots_missing']);
    // A failure for a cause not checked keeps the generic reason.
    const unchecked = deriveHealthReasons({ ...inputs, capture: capture({ session: 'wayland', compositor: 'sway', missing: [] }) });
    expect(unchecked.map((r) => r.code)).toEqual(['screenshots_failing']);
  });
});
