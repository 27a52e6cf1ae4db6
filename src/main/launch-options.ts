import { parseArgs } from 'node:util';
import { z } from 'zod';
import { startOptionsShape } from '../server/start-options';

/**
 * Flags `shadow start` passes on to Electron (same names as the CLI). Chromium adds switches of
 * its own to argv, so unknown flags are ignored rather than refused.
 */
const launchOptionsSchema = z.object({
  ...startOptionsShape,
  /** Start in the tray without showing the window (used by launch at login). */
  hidden: z.boolean().default(false),
});
export type LaunchOptions = z.infer<typeof launchOptionsSchema>;

export function parseLaunchOptions(argv: readonly string[]): LaunchOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: false,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      interval: { type: 'string' },
      'idle-after': { type: 'string' },
      'poll-ms': { type: 'string' },
      replay: { type: 'string' },
      speed: { type: 'string' },
      hidden: { type: 'boolean' },
    },
  });
  // Without strict parsing a value-less `--port` arrives as `true`; it is an error, not port 1.
  const text = (name: string): string | undefined => {
    const value = values[name];
    if (value === true) throw new Error(`Option --${name} needs a value, e.g. --${name}=7345.`);
    return typeof value === 'string' ? value : undefined;
  };
  const parsed = launchOptionsSchema.safeParse({
    port: text('port'),
    interval: text('interval'),
    idleAfter: text('idle-after'),
    pollMs: text('poll-ms'),
    replay: text('replay'),
    speed: text('speed'),
    hidden: values.hidden === true,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid option --${String(issue?.path[0] ?? '?')}: ${issue?.message}. See \`shadow start --help\`.`);
  }
  return parsed.data;
}
