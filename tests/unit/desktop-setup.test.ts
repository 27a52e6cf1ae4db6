import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGnome as makeFakeGnome, type FakeGnome } from '../helpers/fake-gnome';
import { desktopSetup, runDesktopSetupStep } from '../../src/core/desktop-setup/desktop-setup';
import {
  gnomeExtensionDir,
  gnomeExtensionStatus,
  GNOME_EXTENSION_UUID,
  parseStringList,
} from '../../src/core/observe/sources/wayland/gnome-extension';
import { kdeHelperDesktopFile, kdeHelperExecutable, kdeHelperProgram, python3On } from '../../src/core/observe/sources/wayland/kde-helper';

const made: FakeGnome[] = [];
afterEach(() => {
  for (const gnome of made.splice(0)) gnome.remove();
});

function fakeGnome(shellVersion?: string): FakeGnome {
  const gnome = makeFakeGnome(shellVersion);
  made.push(gnome);
  return gnome;
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
    const gnome = fakeGnome();
    const { env } = gnome;
    await runDesktopSetupStep('gnome-extension', { ...env });
    // Another extension the person had on stays on.
    gnome.setSetting('enabled-extensions', `['other@example.org', '${GNOME_EXTENSION_UUID}']`);
    const after = await runDesktopSetupStep('gnome-extension', env);
    expect(existsSync(join(gnomeExtensionDir(env), 'extension.js'))).toBe(true);
    expect(parseStringList(gnome.setting('enabled-extensions'))).toEqual(['other@example.org', GNOME_EXTENSION_UUID]);
    expect(gnome.setting('disable-user-extensions')).toBe('false');
    expect(after.steps[0]).toMatchObject({ state: 'log-in-again', canRun: false, action: 'Log out and back in once.' });
  });

  it('says when GNOME has the extension turned off, or runs a format it does not ship', async () => {
    const gnome = fakeGnome();
    const { env } = gnome;
    await runDesktopSetupStep('gnome-extension', env);
    gnome.setSetting('enabled-extensions', "['other@example.org']");
    expect((await gnomeExtensionStatus(env, () => Promise.resolve(false))).state).toBe('disabled');
    expect((await gnomeExtensionStatus(env, () => Promise.resolve(true))).state).toBe('running');
    const newer = fakeGnome('46.0');
    expect((await desktopSetup(newer.env)).steps[0]).toMatchObject({ state: 'unsupported', canRun: false });
  });
});

describe("KWin's screenshot permission (KDE Plasma)", () => {
  const homes: string[] = [];
  afterEach(() => {
    for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
  });

  it('is a step on KDE Plasma (Wayland) that grants ScreenShot2 to a copy of python3 of the app only', async () => {
    const home = mkdtempSync(join(tmpdir(), 'shadow-kde-setup-'));
    homes.push(home);
    const env = { PATH: process.env.PATH, HOME: home, XDG_SESSION_TYPE: 'wayland', XDG_CURRENT_DESKTOP: 'KDE' };
    const before = await desktopSetup(env);
    expect(before).toMatchObject({ session: 'wayland', compositor: 'kde' });
    expect(before.steps).toEqual([expect.objectContaining({ id: 'kde-screenshots', state: 'todo', canRun: true })]);
    expect(kdeHelperProgram(env)).not.toBe(kdeHelperExecutable(env));

    const after = await runDesktopSetupStep('kde-screenshots', env);
    expect(after.steps).toEqual([expect.objectContaining({ id: 'kde-screenshots', state: 'done', canRun: false, problem: null })]);
    expect(kdeHelperProgram(env)).toBe(kdeHelperExecutable(env));
    expect(readFileSync(kdeHelperExecutable(env)).equals(readFileSync(python3On(env)!))).toBe(true);
    const desktopFile = readFileSync(kdeHelperDesktopFile(env), 'utf8');
    expect(desktopFile).toContain(`Exec=${kdeHelperExecutable(env)}\n`);
    expect(desktopFile).toContain('X-KDE-DBUS-Restricted-Interfaces=org.kde.KWin.ScreenShot2\n');
    // Elsewhere the step is not offered.
    expect((await desktopSetup({ ...env, XDG_CURRENT_DESKTOP: 'sway' })).steps).toEqual([]);
  });
});
