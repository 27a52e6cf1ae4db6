import { z } from 'zod';
import { decimalParam, intParam } from '../shared/contract/define';
import type { EngineOptions } from './start-engine';

/** The flags of `shadow start`, shared by the CLI and the Electron main process it launches. */
export const startOptionsShape = {
  port: intParam(0, 65535).default(7345),
  interval: decimalParam(1, 3600).optional(),
  idleAfter: decimalParam(1, 86_400).optional(),
  pollMs: intParam(50, 10_000).optional(),
  replay: z.string().min(1).optional(),
  speed: decimalParam(0, 100_000).default(0),
};
export type StartOptions = z.infer<z.ZodObject<typeof startOptionsShape>>;

/** Engine options from the flags: only the settings a flag gave override the profile's settings file. */
export function engineOptionsFrom(options: StartOptions): EngineOptions {
  return {
    port: options.port,
    replayDir: options.replay,
    replaySpeed: options.speed,
    settings: {
      ...(options.interval !== undefined && { captureIntervalSec: options.interval }),
      ...(options.idleAfter !== undefined && { idleAfterSec: options.idleAfter }),
      ...(options.pollMs !== undefined && { pollIntervalMs: options.pollMs }),
    },
  };
}
