import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveProfilePaths, type ProfilePaths } from '../../src/core/config/paths';

export interface TempShadowHome {
  readonly home: string;
  /** Paths of the default profile inside this home. */
  readonly paths: ProfilePaths;
  /** Environment for a child process that must use this home (and UTC, like the tests). */
  readonly env: NodeJS.ProcessEnv;
  /**
   * Every byte of the profile's database (WAL and main file), read as latin1 and as UTF-8, to check
   * what was written or never was. Safe while an engine runs: the WAL is read first, so a page a
   * checkpoint moves meanwhile is in the main file by the time that is read.
   */
  databaseText(): string;
  remove(): void;
}

/** A fresh, empty SHADOW_HOME in the temp folder: one per test, so no test sees another's database. */
export function createTempShadowHome(prefix = 'shadow-test-'): TempShadowHome {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const env: NodeJS.ProcessEnv = { ...process.env, SHADOW_HOME: home, SHADOW_PROFILE: 'default', TZ: 'UTC' };
  const paths = resolveProfilePaths(env);
  return {
    home,
    paths,
    env,
    databaseText: () =>
      [`${paths.database}-wal`, paths.database]
        .filter((file) => existsSync(file))
        .map((file) => readFileSync(file))
        .map((bytes) => bytes.toString('latin1') + bytes.toString('utf8'))
        .join(''),
    remove: () => rmSync(home, { recursive: true, force: true }),
  };
}
