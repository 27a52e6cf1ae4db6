import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageRoot } from '../../../package-root';

const run = promisify(execFile);

/**
 * Workflow Shadow's GNOME Shell extension (assets/desktops/gnome/): GNOME on Wayland offers no other
 * program the focused window, so the app installs this small extension, with the person's consent
 * (`shadow setup gnome`, or the onboarding wizard), and talks to it over a socket in the runtime folder.
 */
export const GNOME_EXTENSION_UUID = 'workflow-shadow@workflowshadow.app';
/** The GNOME Shell versions the extension is written for (the legacy extension format; 45 changed it). */
export const GNOME_SHELL_MAJORS = [42, 43, 44];

export const gnomeExtensionSocket = (env: NodeJS.ProcessEnv): string | null =>
  env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'workflow-shadow', 'gnome-shell.sock') : null;

/** The extension as the app ships it, which `shadow setup gnome` copies into place. */
export const bundledGnomeExtension = (): string => join(packageRoot, 'assets', 'desktops', 'gnome', GNOME_EXTENSION_UUID);

/** Where GNOME Shell looks for the user's extensions. */
export function gnomeExtensionDir(env: NodeJS.ProcessEnv): string {
  const data = env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share');
  return join(data, 'gnome-shell', 'extensions', GNOME_EXTENSION_UUID);
}

/**
 * `installed`: not there; `disabled`: there, not in GNOME's enabled extensions; `enabled-not-running`:
 * enabled, but GNOME Shell has not loaded it (it loads a new extension at the next login); `running`:
 * it answers on its socket.
 */
export type GnomeExtensionState = 'not-installed' | 'outdated' | 'disabled' | 'user-extensions-off' | 'enabled-not-running' | 'running';

export interface GnomeExtensionStatus {
  readonly state: GnomeExtensionState;
  /** GNOME Shell's version, when `gnome-shell --version` answers. */
  readonly shellVersion: string | null;
  /** Whether this GNOME Shell runs extensions in the format the app ships. */
  readonly shellSupported: boolean;
}

const versionOf = (metadataFile: string): number | null => {
  try {
    return (JSON.parse(readFileSync(metadataFile, 'utf8')) as { version?: number }).version ?? null;
  } catch {
    return null;
  }
};

/** Reads or writes one of GNOME's settings. */
export async function gsettings(env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  return (await run('gsettings', args, { env, timeout: 10_000 })).stdout.trim();
}

/** `['a@b', 'c@d']` or `@as []` as gsettings prints a string list. */
export function parseStringList(printed: string): string[] {
  return [...printed.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!);
}

async function shellVersion(env: NodeJS.ProcessEnv): Promise<string | null> {
  try {
    const { stdout } = await run('gnome-shell', ['--version'], { env, timeout: 10_000 });
    return /(\d+(?:\.\w+)*)/.exec(stdout)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** What is in place of the extension, checked step by step (files, GNOME's settings, its socket). */
export async function gnomeExtensionStatus(env: NodeJS.ProcessEnv, running: () => Promise<boolean>): Promise<GnomeExtensionStatus> {
  const version = await shellVersion(env);
  const major = version ? Number.parseInt(version, 10) : null;
  const shellSupported = major === null || GNOME_SHELL_MAJORS.includes(major);
  const base = { shellVersion: version, shellSupported };
  if (await running()) return { ...base, state: 'running' };
  const dir = gnomeExtensionDir(env);
  if (!existsSync(join(dir, 'metadata.json'))) return { ...base, state: 'not-installed' };
  if (versionOf(join(dir, 'metadata.json')) !== versionOf(join(bundledGnomeExtension(), 'metadata.json')))
    return { ...base, state: 'outdated' };
  const enabled = parseStringList(await gsettings(env, 'get', 'org.gnome.shell', 'enabled-extensions'));
  if (!enabled.includes(GNOME_EXTENSION_UUID)) return { ...base, state: 'disabled' };
  if ((await gsettings(env, 'get', 'org.gnome.shell', 'disable-user-extensions')) === 'true')
    return { ...base, state: 'user-extensions-off' };
  return { ...base, state: 'enabled-not-running' };
}

/** What each state means for the person, and the step that moves it on. */
export function gnomeExtensionAdvice(status: GnomeExtensionStatus): { problem: string; fix: string } | null {
  if (!status.shellSupported)
    return {
      problem: `GNOME Shell ${status.shellVersion} runs extensions in a format this version of Workflow Shadow does not ship yet (it ships one for GNOME ${GNOME_SHELL_MAJORS.join(', ')}), so the focused window cannot be read and nothing is recorded.`,
      fix: 'Use an X11 session ("GNOME on Xorg" at the login screen) meanwhile.',
    };
  switch (status.state) {
    case 'running':
      return null;
    case 'not-installed':
    case 'outdated':
      return {
        problem: `GNOME lets no app read the focused window without Workflow Shadow's GNOME Shell extension, which is ${status.state === 'outdated' ? 'an older version' : 'not installed'}, so nothing is recorded.`,
        fix: 'Run `shadow setup gnome` (or follow the setup step in the app), then log out and back in once.',
      };
    case 'disabled':
      return {
        problem:
          "Workflow Shadow's GNOME Shell extension is installed but turned off, so the focused window cannot be read and nothing is recorded.",
        fix: 'Run `shadow setup gnome` to turn it on (or turn it on in the Extensions app), then log out and back in once.',
      };
    case 'user-extensions-off':
      return {
        problem:
          "GNOME has all user extensions turned off, Workflow Shadow's among them, so the focused window cannot be read and nothing is recorded.",
        fix: 'Turn extensions on in the Extensions app (or run `shadow setup gnome`), then log out and back in once.',
      };
    case 'enabled-not-running':
      return {
        problem:
          "Workflow Shadow's GNOME Shell extension is installed and on, but GNOME Shell has not loaded it yet (it loads new extensions at login), so nothing is recorded.",
        fix: 'Log out and back in once.',
      };
  }
}
