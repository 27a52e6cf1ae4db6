import { accessSync, constants, existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

/*
 * Where the KWin helper's program lives, and which one runs it: `shadow setup kde` (desktop-setup) puts a
 * copy of python3 here that KWin is told to take screenshots for; the KWin source runs the helper in it.
 */

const dataHome = (env: NodeJS.ProcessEnv): string => env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share');

/** The app's copy of python3, which KWin is told to take screenshots for. */
export const kdeHelperExecutable = (env: NodeJS.ProcessEnv): string =>
  join(dataHome(env), 'workflow-shadow', 'kwin', 'workflow-shadow-kwin-helper');

/** The desktop file that grants ScreenShot2 to that copy. */
export const kdeHelperDesktopFile = (env: NodeJS.ProcessEnv): string =>
  join(dataHome(env), 'applications', 'workflow-shadow-kwin-helper.desktop');

/**
 * The python3 to run the helper in: the system's first, as the distribution's D-Bus bindings
 * (python3-dbus, python3-gi) are installed for it, not for a python3 a version manager puts first on PATH.
 */
export function python3On(env: NodeJS.ProcessEnv): string | null {
  for (const dir of ['/usr/bin', ...(env.PATH ?? '').split(delimiter).filter(Boolean)]) {
    try {
      accessSync(join(dir, 'python3'), constants.X_OK);
      return realpathSync(join(dir, 'python3'));
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** Whether KWin has been told to take screenshots for the helper (both files in place). */
export function kdeScreenshotsGranted(env: NodeJS.ProcessEnv): boolean {
  try {
    accessSync(kdeHelperExecutable(env), constants.X_OK);
    return existsSync(kdeHelperDesktopFile(env));
  } catch {
    return false;
  }
}

/** The program the helper runs in: the granted copy once set up, else python3 (windows work, screenshots do not). */
export const kdeHelperProgram = (env: NodeJS.ProcessEnv): string =>
  kdeScreenshotsGranted(env) ? kdeHelperExecutable(env) : (python3On(env) ?? 'python3');
