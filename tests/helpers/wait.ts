import { inspect } from 'node:util';

/**
 * The one way tests (and the benchmarks that share their helpers) wait for something to happen: poll a
 * condition until it holds, and on timeout throw an error that says what was awaited and what was last
 * seen, so a failing test explains itself. Free of vitest, so bench/ scripts can use it too.
 */

export interface WaitOptions<T> {
  /** What is awaited, in words ("the engine observing the Terminal window"): the timeout error names it. */
  readonly what: string;
  /** Default 10 s. */
  readonly timeoutMs?: number;
  /** Pause between two checks; default 100 ms. */
  readonly intervalMs?: number;
  /**
   * When a value the condition returned is the one awaited. Default: anything but `undefined`, `null`
   * and `false`, so a condition can return a boolean or the value it found.
   */
  readonly until?: (value: T) => boolean;
  /** More to tell on timeout, read only then (e.g. what a process printed). */
  readonly details?: () => string;
}

const found = (value: unknown): boolean => value !== undefined && value !== null && value !== false;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function describeValue(value: unknown): string {
  const text = inspect(value, { depth: 4, breakLength: Infinity, maxArrayLength: 20, maxStringLength: 500 });
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

type Found<T> = Exclude<T, undefined | null | false>;

/**
 * Calls `condition` (sync or async) until its value is the one awaited, and resolves with that value.
 * A condition that throws counts as "not yet"; the last error is reported if time runs out. The condition
 * runs once more at the deadline, so a slow interval never costs the last chance.
 */
export function waitFor<T>(condition: () => T | Promise<T>, options: WaitOptions<T> & { until?: undefined }): Promise<Found<T>>;
export function waitFor<T>(condition: () => T | Promise<T>, options: WaitOptions<T>): Promise<T>;
export async function waitFor<T>(condition: () => T | Promise<T>, options: WaitOptions<T>): Promise<T> {
  const { what, timeoutMs = 10_000, intervalMs = 100, until = found, details } = options;
  const deadline = Date.now() + timeoutMs;
  let last: { value: T } | { error: unknown };
  for (;;) {
    try {
      const value = await condition();
      if (until(value)) return value;
      last = { value };
    } catch (error) {
      last = { error };
    }
    const left = deadline - Date.now();
    if (left <= 0) break;
    await sleep(Math.min(intervalMs, left));
  }
  const seen =
    'error' in last
      ? `last error: ${last.error instanceof Error ? last.error.message : String(last.error)}`
      : `last value: ${describeValue(last.value)}`;
  const more = details?.();
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; ${seen}${more ? `\n${more}` : ''}`, {
    cause: 'error' in last ? last.error : undefined,
  });
}
