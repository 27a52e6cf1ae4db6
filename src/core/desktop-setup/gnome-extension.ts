import { cpSync, mkdirSync, rmSync } from 'node:fs';
import {
  bundledGnomeExtension,
  gnomeExtensionDir,
  GNOME_EXTENSION_UUID,
  gsettings,
  parseStringList,
} from '../observe/sources/wayland/gnome-extension';

const formatStringList = (items: readonly string[]): string => `[${items.map((i) => `'${i}'`).join(', ')}]`;

/**
 * Installs the extension for this user and enables it in GNOME's settings (what the person agreed
 * to). GNOME Shell on Wayland loads a newly installed extension at the next login.
 */
export async function installGnomeExtension(env: NodeJS.ProcessEnv): Promise<void> {
  const dir = gnomeExtensionDir(env);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(bundledGnomeExtension(), dir, { recursive: true });
  const enabled = parseStringList(await gsettings(env, 'get', 'org.gnome.shell', 'enabled-extensions'));
  if (!enabled.includes(GNOME_EXTENSION_UUID))
    await gsettings(env, 'set', 'org.gnome.shell', 'enabled-extensions', formatStringList([...enabled, GNOME_EXTENSION_UUID]));
  await gsettings(env, 'set', 'org.gnome.shell', 'disable-user-extensions', 'false');
}
