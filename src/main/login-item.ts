import { app } from 'electron';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { AUTOSTART_FILE_NAME, autostartDesktopEntry } from './policy/autostart-entry';

const START_HIDDEN = '--hidden';

function autostartFile(): string {
  const configHome = process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(configHome, 'autostart', AUTOSTART_FILE_NAME);
}

/** What starts this app again: the AppImage itself when run from one, else Electron with our entry. */
function launchCommand(): string[] {
  if (process.env.APPIMAGE) return [process.env.APPIMAGE, START_HIDDEN];
  if (app.isPackaged) return [process.execPath, START_HIDDEN];
  return [process.execPath, app.getAppPath(), START_HIDDEN];
}

export function isLaunchAtLogin(): boolean {
  if (process.platform === 'linux') return existsSync(autostartFile());
  return app.getLoginItemSettings().openAtLogin;
}

export function setLaunchAtLogin(enabled: boolean): void {
  if (process.platform !== 'linux') {
    app.setLoginItemSettings({ openAtLogin: enabled, args: [START_HIDDEN] });
    return;
  }
  const file = autostartFile();
  if (!enabled) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, autostartDesktopEntry(launchCommand()));
}
