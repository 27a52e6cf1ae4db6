import { z } from 'zod';

/**
 * One API operation, declared once. HTTP, IPC, MCP and the CLI are adapters over this table,
 * so a feature written once reaches every surface.
 */
export interface OperationDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path under `/api/v1`, with `{param}` placeholders that fill input fields of the same name. */
  readonly path: string;
  readonly summary: string;
  readonly input: I;
  readonly output: O;
}

/** An operation of the table: its name is its key there, so the two can never disagree. */
export interface OperationSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> extends OperationDefinition<I, O> {
  /** The operation's key in the table; also the IPC channel (`shadow:<name>`) and the name in error messages. */
  readonly name: string;
}

export function defineOperation<I extends z.ZodType, O extends z.ZodType>(spec: OperationDefinition<I, O>): OperationDefinition<I, O> {
  return spec;
}

/** A feature's operations, each named after its key. */
export function defineOperations<T extends Record<string, OperationDefinition>>(
  table: T,
): { readonly [K in keyof T]: T[K] & { readonly name: K } } {
  return Object.fromEntries(Object.entries(table).map(([key, spec]) => [key, { ...spec, name: key }])) as {
    readonly [K in keyof T]: T[K] & { readonly name: K };
  };
}

export type OperationInput<S> = S extends OperationSpec<infer I, z.ZodType> ? z.input<I> : never;
export type OperationParsedInput<S> = S extends OperationSpec<infer I, z.ZodType> ? z.output<I> : never;
export type OperationOutput<S> = S extends OperationSpec<z.ZodType, infer O> ? z.output<O> : never;

/** Whether `YYYY-MM-DD` names a day that exists: Date.parse rolls 2026-02-30 over to March; a real day reads back as itself. */
export function isCalendarDate(s: string): boolean {
  const day = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(s);
}

/** Calendar date as the user's local day, `YYYY-MM-DD`. */
export const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine(isCalendarDate, 'not a real calendar date');

/**
 * A whole number. Query strings and CLI flags arrive as text, so a string of decimal digits is read as
 * its number; anything else a lenient `Number()` would take (`0x10`, `1e1`, `" 5"`, `""`) is refused.
 */
export const intParam = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.code === 'invalid_type' ? 'expected a whole number in decimal digits' : undefined) })
      .int('expected a whole number')
      .min(min)
      .max(max),
  );
export type IntParam = ReturnType<typeof intParam>;

/** A number given as text in plain decimal notation (`2`, `0.5`), as CLI flags take seconds and speeds. */
export const decimalParam = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,16}(\.\d{1,16})?$/.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.code === 'invalid_type' ? 'expected a number in decimal notation' : undefined) })
      .min(min)
      .max(max),
  );
