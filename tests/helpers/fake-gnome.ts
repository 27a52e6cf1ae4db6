import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeGnome {
  /** A GNOME Wayland user's variables: HOME and the runtime folder in a temp folder, the stand-ins first on PATH. */
  readonly env: NodeJS.ProcessEnv;
  /** A key of org.gnome.shell as the stand-in `gsettings` keeps it. */
  setting(key: string): string;
  setSetting(key: string, printed: string): void;
  remove(): void;
}

/**
 * A GNOME user's environment without GNOME, for the setup's tests: `gsettings` and `gnome-shell`
 * stand-ins on PATH that keep the keys the setup reads and writes in files.
 */
export function fakeGnome(shellVersion = '43.9'): FakeGnome {
  const root = mkdtempSync(join(tmpdir(), 'shadow-gnome-setup-'));
  const bin = join(root, 'bin');
  const store = join(root, 'settings');
  mkdirSync(bin);
  mkdirSync(store);
  for (const [name, script] of [
    [
      'gsettings',
      `#!/bin/sh\nif [ "$1" = get ]; then cat "${store}/$3" 2>/dev/null || { [ "$3" = enabled-extensions ] && echo '@as []' || echo false; }; else printf '%s\\n' "$4" > "${store}/$3"; fi\n`,
    ],
    ['gnome-shell', `#!/bin/sh\necho "GNOME Shell ${shellVersion}"\n`],
  ] as const) {
    writeFileSync(join(bin, name), script);
    chmodSync(join(bin, name), 0o755);
  }
  return {
    env: {
      PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: join(root, 'home'),
      XDG_RUNTIME_DIR: root,
      XDG_SESSION_TYPE: 'wayland',
      XDG_CURRENT_DESKTOP: 'GNOME',
    },
    setting: (key) => readFileSync(join(store, key), 'utf8').trim(),
    setSetting: (key, printed) => writeFileSync(join(store, key), `${printed}\n`),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
