import { copyFileSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kdeHelperDesktopFile, kdeHelperExecutable, python3On } from '../observe/sources/wayland/kde-helper';

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
