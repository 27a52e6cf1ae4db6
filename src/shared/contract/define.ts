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

/** Calendar date as the user's local day, `YYYY-MM-DD`. */
export const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  // Date.parse rolls 2026-02-30 over to March; a real day reads back as itself.
  .refine((s) => {
    const day = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(s);
  }, 'not a real calendar date');

/** Query strings arrive as text; this accepts both numbers and numeric strings. */
export const intParam = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
