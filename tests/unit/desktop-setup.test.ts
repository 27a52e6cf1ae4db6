import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { desktopSetup, runDesktopSetupStep } from '../../src/core/desktop-setup/desktop-setup';
import {
  gnomeExtensionDir,
  gnomeExtensionStatus,
  GNOME_EXTENSION_UUID,
  parseStringList,
} from '../../src/core/desktop-setup/gnome-extension';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A GNOME user's environment without GNOME: HOME in a temp folder, and `gsettings` / `gnome-shell`
 * stand-ins on PATH that keep the two keys the setup reads and writes in files.
 */
function fakeGnome(shellVersion = '43.9'): { env: NodeJS.ProcessEnv; setting: (key: string) => string } {
  const root = mkdtempSync(join(tmpdir(), 'shadow-gnome-setup-'));
  dirs.push(root);
  const bin = join(root, 'bin');
  const store = join(root, 'settings');
  mkdirSync(bin);
  for (const [name, script] of [
    [
      'gsettings',
      `#!/bin/sh\nmkdir -p "${store}"\nif [ "$1" = get ]; then cat "${store}/$3" 2>/dev/null || { [ "$3" = enabled-extensions ] && echo '@as []' || echo false; }; else printf '%s\\n' "$4" > "${store}/$3"; fi\n`,
    ],
    ['gnome-shell', `#!/bin/sh\necho "GNOME Shell ${shellVersion}"\n`],
  ] as const) {
    writeFileSync(join(bin, name), script);
    chmodSync(join(bin, name), 0o755);
  }
  const env = {
    PATH: `${bin}:/usr/bin:/bin`,
    HOME: join(root, 'home'),
    XDG_RUNTIME_DIR: root,
    XDG_SESSION_TYPE: 'wayland',
    XDG_CURRENT_DESKTOP: 'GNOME',
  };
  return { env, setting: (key) => readFileSync(join(store, key), 'utf8').trim() };
}

describe("the GNOME extension's setup", () => {
  it('reads the string lists gsettings prints', () => {
    expect(parseStringList("['a@b.org', 'workflow-shadow@workflowshadow.app']")).toEqual(['a@b.org', 'workflow-shadow@workflowshadow.app']);
    expect(parseStringList('@as []')).toEqual([]);
  });

  it('is a step of its own on GNOME only, to do until the person agrees', async () => {
    const { env } = fakeGnome();
    const setup = await desktopSetup(env);
    expect(setup).toMatchObject({ session: 'wayland', compositor: 'gnome' });
    expect(setup.steps).toEqual([
      expect.objectContaining({ id: 'gnome-extension', state: 'todo', canRun: true, problem: expect.stringMatching(/not installed/) }),
    ]);
    expect(setup.steps[0]!.explanation).toMatch(/focused window.*screenshots/s);
    expect((await desktopSetup({ ...env, XDG_CURRENT_DESKTOP: 'sway', SWAYSOCK: '/run/sway.sock' })).steps).toEqual([]);
  });

  it('installs the extension, turns it on and asks for a new login, keeping the other extensions on', async () => {
    const { env, setting } = fakeGnome();
    await runDesktopSetupStep('gnome-extension', { ...env });
    // Another extension the person had on stays on.
    writeFileSync(join(env.XDG_RUNTIME_DIR!, 'settings', 'enabled-extensions'), `['other@example.org', '${GNOME_EXTENSION_UUID}']\n`);
    const after = await runDesktopSetupStep('gnome-extension', env);
    expect(existsSync(join(gnomeExtensionDir(env), 'extension.js'))).toBe(true);
    expect(parseStringList(setting('enabled-extensions'))).toEqual(['other@example.org', GNOME_EXTENSION_UUID]);
    expect(setting('disable-user-extensions')).toBe('false');
    expect(after.steps[0]).toMatchObject({ state: 'log-in-again', canRun: false, action: 'Log out and back in once.' });
  });

  it('says when GNOME has the extension turned off, or runs a format it does not ship', async () => {
    const { env } = fakeGnome();
    await runDesktopSetupStep('gnome-extension', env);
    writeFileSync(join(env.XDG_RUNTIME_DIR!, 'settings', 'enabled-extensions'), "['other@example.org']\n");
    expect((await gnomeExtensionStatus(env, () => Promise.resolve(false))).state).toBe('disabled');
    expect((await gnomeExtensionStatus(env, () => Promise.resolve(true))).state).toBe('running');
    const newer = fakeGnome('46.0');
    expect((await desktopSetup(newer.env)).steps[0]).toMatchObject({ state: 'unsupported', canRun: false });
  });
});
