import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Whether `tool` is an executable on `env.PATH`: what a missing piece's health reason is checked with. */
export function onPath(tool: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        accessSync(join(dir, tool), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}
