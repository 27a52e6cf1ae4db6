import type { z } from 'zod';
import { describeZodError } from '../core/api/operation-errors';

/** A user-facing CLI failure: printed as one line, exit code 2 for bad usage, 1 otherwise. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Validates parsed flags with zod and turns issues into a readable usage error. */
export function parseFlags<S extends z.ZodType>(schema: S, flags: unknown): z.output<S> {
  const parsed = schema.safeParse(flags);
  if (parsed.success) return parsed.data;
  const flagName = (path: readonly PropertyKey[]): string => `--${String(path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  throw new CliError(`Invalid option: ${describeZodError(parsed.error, flagName)}`, 2);
}
