import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ProfilePaths } from './paths';

const runtimeInfoSchema = z.object({ pid: z.number().int(), port: z.number().int(), startedAt: z.string() });
export type RuntimeInfo = z.infer<typeof runtimeInfoSchema>;

const fileOf = (paths: ProfilePaths): string => join(paths.dir, 'app.json');

/** Where the running app listens, so other processes (`shadow mcp`) can ask it for live state. */
export function writeRuntimeInfo(paths: ProfilePaths, info: RuntimeInfo): void {
  writeFileSync(fileOf(paths), JSON.stringify(info), { mode: 0o600 });
}

export function removeRuntimeInfo(paths: ProfilePaths): void {
  rmSync(fileOf(paths), { force: true });
}

/** The running app of this profile, or null when none runs (no file, unreadable, or its process is gone). */
export function readRuntimeInfo(paths: ProfilePaths): RuntimeInfo | null {
  try {
    const info = runtimeInfoSchema.parse(JSON.parse(readFileSync(fileOf(paths), 'utf8')));
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}
