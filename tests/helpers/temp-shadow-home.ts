import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveProfilePaths, type ProfilePaths } from '../../src/core/config/paths';

export interface TempShadowHome {
  readonly home: string;
  /** Paths of the default profile inside this home. */
  readonly paths: ProfilePaths;
  /** Environment for a child process that must use this home (and UTC, like the tests). */
  readonly env: NodeJS.ProcessEnv;
  remove(): void;
}

/** A fresh, empty SHADOW_HOME in the temp folder: one per test, so no test sees another's database. */
export function createTempShadowHome(prefix = 'shadow-test-'): TempShadowHome {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const env: NodeJS.ProcessEnv = { ...process.env, SHADOW_HOME: home, SHADOW_PROFILE: 'default', TZ: 'UTC' };
  return {
    home,
    paths: resolveProfilePaths(env),
    env,
    remove: () => rmSync(home, { recursive: true, force: true }),
  };
}
