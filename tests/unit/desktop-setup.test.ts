import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGnome as makeFakeGnome, type FakeGnome } from '../helpers/fake-gnome';
import { desktopSetup, runDesktopSetupStep } from '../../src/core/desktop-setup/desktop-setup';
import {
  gnomeExtensionDir,
  gnomeExtensionStatus,
  GNOME_EXTENSION_UUID,
  parseStringList,
} from '../../src/core/desktop-setup/gnome-extension';

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
