import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { DesktopAppModule } from './electron-api';
import { AUTOSTART_FILE_NAME, autostartDesktopEntry } from './policy/autostart-entry';

const START_HIDDEN = '--hidden';

export interface LoginItemDeps {
  readonly app: Pick<DesktopAppModule, 'isPackaged' | 'getAppPath' | 'getLoginItemSettings' | 'setLoginItemSettings'>;
  readonly platform?: NodeJS.Platform;
  readonly env?: NodeJS.ProcessEnv;
  /** The Electron binary (process.execPath). */
  readonly execPath?: string;
}

/** Launch at login: an XDG autostart entry on Linux, the system's login items elsewhere. */
export interface LoginItem {
  isEnabled(): boolean;
  setEnabled(enabled: boolean): void;
}

export function loginItem({ app, platform = process.platform, env = process.env, execPath = process.execPath }: LoginItemDeps): LoginItem {
  const autostartFile = (): string => join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'autostart', AUTOSTART_FILE_NAME);
  /** What starts this app again: the AppImage itself when run from one, else Electron with our entry. */
  const launchCommand = (): string[] => {
    if (env.APPIMAGE) return [env.APPIMAGE, START_HIDDEN];
    if (app.isPackaged) return [execPath, START_HIDDEN];
    return [execPath, app.getAppPath(), START_HIDDEN];
  };
  return {
    isEnabled: () => (platform === 'linux' ? existsSync(autostartFile()) : app.getLoginItemSettings().openAtLogin),
    setEnabled(enabled) {
      if (platform !== 'linux') {
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
    },
  };
}
