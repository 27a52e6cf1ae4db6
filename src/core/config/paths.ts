import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const profileIdSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/i, 'a profile id is 1-64 letters, digits, "-" or "_"');

export interface ProfilePaths {
  readonly home: string;
  readonly profileId: string;
  readonly dir: string;
  readonly database: string;
  readonly settings: string;
  readonly apiToken: string;
  /** Where user-kept data lives (frames kept by choice, outputs, applets). */
  readonly data: string;
}

export function resolveProfilePaths(env: NodeJS.ProcessEnv = process.env, profile?: string): ProfilePaths {
  const home = resolve(env.SHADOW_HOME || join(homedir(), '.workflow-shadow'));
  const parsed = profileIdSchema.safeParse(profile ?? env.SHADOW_PROFILE ?? 'default');
  if (!parsed.success) throw new Error(`Invalid profile: ${parsed.error.issues[0]?.message}`);
  const dir = join(home, 'profiles', parsed.data);
  return {
    home,
    profileId: parsed.data,
    dir,
    database: join(dir, 'shadow.db'),
    settings: join(dir, 'settings.json'),
    apiToken: join(dir, 'api-token'),
    data: join(dir, 'data'),
  };
}
