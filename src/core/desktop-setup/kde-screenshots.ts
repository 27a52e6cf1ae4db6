import { accessSync, constants, copyFileSync, chmodSync, existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * KWin takes screenshots (org.kde.KWin.ScreenShot2) only for a program whose desktop file lists that
 * interface in `X-KDE-DBUS-Restricted-Interfaces`, matched by the path of the running executable. The
 * app's KWin helper runs in python3, and granting python3 itself would let every Python program take
 * screenshots, so `shadow setup kde` (with the person's consent) copies the interpreter to a path of the
 * app's own and writes a desktop file that grants screenshots to that copy only.
 */
export const KDE_SCREENSHOTS_EXPLANATION =
  'KDE Plasma takes screenshots only for programs it was told to trust. Workflow Shadow adds, in your ' +
  '~/.local/share folder, a program of its own (a copy of python3 that runs its KWin helper) and a desktop ' +
  'file that lets KWin take screenshots for that program only. The screenshots stay on this computer; ' +
  'windows you excluded are blacked out before anything else sees them. Delete the two files to take it back.';

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

/** Copies python3 and writes the desktop file; throws with the step when python3 is not installed. */
export function grantKdeScreenshots(env: NodeJS.ProcessEnv): void {
  const python = python3On(env);
  if (!python)
    throw new Error('python3 is not installed; install it (`sudo apt install python3 python3-dbus python3-gi`) and run this again.');
  const executable = kdeHelperExecutable(env);
  mkdirSync(join(executable, '..'), { recursive: true, mode: 0o700 });
  copyFileSync(python, executable);
  chmodSync(executable, 0o700);
  const desktopFile = kdeHelperDesktopFile(env);
  mkdirSync(join(desktopFile, '..'), { recursive: true });
  writeFileSync(
    desktopFile,
    [
      '[Desktop Entry]',
      'Type=Application',
      'Name=Workflow Shadow KWin helper',
      'Comment=Lets Workflow Shadow read the focused window and take screenshots on KDE Plasma',
      `Exec=${/[\s"]/.test(executable) ? `"${executable.replace(/["\\`$]/g, (c) => `\\${c}`)}"` : executable}`,
      'NoDisplay=true',
      'X-KDE-DBUS-Restricted-Interfaces=org.kde.KWin.ScreenShot2',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
}
