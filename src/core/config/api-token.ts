import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** `SHADOW_API_TOKEN` wins; otherwise a random token is created once per profile, readable only by the user. */
export function loadOrCreateApiToken(file: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.SHADOW_API_TOKEN?.trim();
  if (fromEnv) return fromEnv;
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 16) {
      tightenMode(file);
      return stored;
    }
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const token = randomBytes(24).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}

/** Keeps the token readable only by the user; a read-only profile keeps whatever mode it has. */
function tightenMode(file: string): void {
  try {
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EROFS') throw error;
  }
}
