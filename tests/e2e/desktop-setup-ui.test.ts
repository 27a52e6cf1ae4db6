import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gnomeExtensionDir, GNOME_EXTENSION_UUID, parseStringList } from '../../src/core/observe/sources/wayland/gnome-extension';
import type { DesktopSetup } from '../../src/shared/contract/index';
import { fakeGnome } from '../helpers/fake-gnome';
import { demoDay, webUiForSuite } from '../helpers/web-ui';

/**
 * Onboarding on GNOME (Wayland), in Chromium: before the interview, the window asks for the extension
 * GNOME needs, says what it lets the app see, installs and turns it on only when the person agrees,
 * and then says to log in again. GNOME itself is stood in for (`gsettings` and `gnome-shell` on PATH);
 * the engine replays the demo day, so only the desktop setup reads the GNOME environment.
 */
const gnome = fakeGnome();
afterAll(() => gnome.remove());

describe('onboarding on GNOME: the extension, with consent', () => {
  const web = webUiForSuite(['--replay', demoDay, '--speed', '2000'], (home) => Object.assign(home.env, gnome.env));

  it('explains the step, installs only on "I agree", then asks for a new login', async () => {
    const ui = web();
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    const dialog = page.getByTestId('desktop-setup');
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(1);
    expect(await dialog.textContent()).toMatch(/GNOME lets no app see which window you work in/);
    expect(await page.getByTestId('desktop-step-state').textContent()).toBe('Needs your consent');
    // Nothing is installed before the person agrees.
    expect(existsSync(gnomeExtensionDir(gnome.env))).toBe(false);

    await page.getByTestId('desktop-step-run').click();
    await expect
      .poll(() => page.getByTestId('desktop-step-state').textContent(), { timeout: 15_000 })
      .toBe('Installed: log out and back in once');
    expect(await page.getByTestId('desktop-step-action').textContent()).toContain('Log out and back in once');
    expect(existsSync(join(gnomeExtensionDir(gnome.env), 'metadata.json'))).toBe(true);
    expect(parseStringList(gnome.setting('enabled-extensions'))).toContain(GNOME_EXTENSION_UUID);
    const setup = await ui.shadow.get<DesktopSetup>('/desktop/setup');
    expect(setup).toMatchObject({ session: 'wayland', compositor: 'gnome', steps: [{ id: 'gnome-extension', state: 'log-in-again' }] });

    // Done here: the dialog closes (the demo day brings its interview, so no interview follows).
    await page.getByTestId('desktop-setup-continue').click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    expect(ui.errors).toEqual([]);
  }, 120_000);
});
