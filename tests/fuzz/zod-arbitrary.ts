import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries from the contract's zod schemas: values of roughly the right shape (so the
 * fuzz reaches the handlers, not only the validator) mixed with hostile ones (wrong types, NUL, bidi
 * controls, percent signs, huge and fractional numbers, unknown keys). `pools` gives field names real
 * values (existing session ids, applet slugs…) so lookups hit rows too.
 */

export type Pools = Readonly<Record<string, readonly unknown[]>>;

/** Strings an attacker tries: escapes, NUL and other controls, bidi and zero-width characters, paths, long ones. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '%',
    '%ff',
    '%00',
    'a\u0000b',
    '\u202Eexe.txt',
    'a\u200Bb',
    '\uFEFF',
    '../../etc/passwd',
    '/etc/passwd',
    '~/.ssh/id_rsa',
    'NEAR(a b)',
    '"unterminated',
    'a OR b AND',
    '*',
    '^',
    '-1',
    '0x10',
    '1e1',
    'NaN',
    'Infinity',
    'null',
    '{}',
    '[]',
    '2026-02-31',
    '2026-13-01',
    'ses_',
    'ses_doesnotexist',
    'out_doesnotexist00',
    '\\\\server\\share',
    'C:\\Windows',
    'x'.repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, -0, 1e308),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, nested a little. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { maxDepth: 2 },
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(hostileString, hostileNumber), { maxKeys: 3 }),
);

interface Def {
  readonly type: string;
  readonly shape?: Record<string, z.ZodType>;
  readonly innerType?: z.ZodType;
  readonly in?: z.ZodType;
  readonly out?: z.ZodType;
  readonly element?: z.ZodType;
  readonly keyType?: z.ZodType;
  readonly valueType?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly entries?: Record<string, string>;
  readonly values?: readonly unknown[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value that fits the schema's shape (not necessarily its limits), for a field named `field`. */
function shaped(schema: z.ZodType, field: string, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const pooled = pools[field];
  const withPool = (arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
    pooled && pooled.length > 0 ? fc.oneof(fc.constantFrom(...pooled), arb) : arb;
  switch (def.type) {
    case 'object':
      return objectOf(schema, pools, depth + 1);
    case 'optional':
    case 'default':
    case 'nullable':
      return fc.option(shaped(def.innerType!, field, pools, depth), { nil: undefined, freq: 3 });
    case 'pipe':
      return shaped(defOf(def.in!).type === 'transform' ? def.out! : def.in!, field, pools, depth);
    case 'string':
      return withPool(fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), hostileString));
    case 'number':
      return withPool(fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }).map(String), hostileNumber));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(value(def.element!, field, pools, depth + 1), { maxLength: 4 });
    case 'record':
      return depth > 3
        ? fc.constant({})
        : fc.dictionary(
            fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('files', 'tickets', 'applet', 'endpoints', 'ports')),
            value(def.valueType!, field, pools, depth + 1),
            { maxKeys: 3 },
          );
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => shaped(option, field, pools, depth)));
    default:
      return anyJson;
  }
}

/** Mostly a shaped value, sometimes anything at all. */
function value(schema: z.ZodType, field: string, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: shaped(schema, field, pools, depth) }, { weight: 1, arbitrary: anyJson });
}

/** An object for an object schema: its fields (each maybe missing) and sometimes a key it does not know. */
export function objectOf(schema: z.ZodType, pools: Pools = {}, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const shape = defOf(schema).shape ?? {};
  const fields = Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, value(field, name, pools, depth)]));
  return fc
    .record(fields, { requiredKeys: [] })
    .chain((record) =>
      fc.oneof(
        { weight: 6, arbitrary: fc.constant(record as Record<string, unknown>) },
        { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), anyJson).map(([k, v]) => ({ ...record, [k]: v })) },
      ),
    );
}

const WORDS = ['ledger', 'bank', 'invoice', 'quarter', 'notes'] as const;

/**
 * A value that fits the schema: pool values that pass the field's own schema first, else plain words,
 * small whole numbers and the schema's enums. The fuzz mixes these in so that a share of its requests
 * get past validation and run the operations.
 */
function fitting(schema: z.ZodType, field: string, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const fits = (pools[field] ?? []).filter((v) => schema.safeParse(v).success);
  if (fits.length > 0 && def.type !== 'optional' && def.type !== 'default') return fc.constantFrom(...fits);
  switch (def.type) {
    case 'object':
      return wellFormedObjectOf(schema, pools, depth + 1);
    case 'optional':
    case 'default':
    case 'nullable':
      return fc.option(fitting(def.innerType!, field, pools, depth), { nil: undefined, freq: 2 });
    case 'pipe':
      return fitting(defOf(def.in!).type === 'transform' ? def.out! : def.in!, field, pools, depth);
    case 'string':
      return fc.constantFrom(...WORDS);
    case 'number':
      return fc.integer({ min: 1, max: 20 });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(fitting(def.element!, field, pools, depth + 1), { maxLength: 2 });
    case 'record':
      return depth > 3
        ? fc.constant({})
        : fc.dictionary(fc.constantFrom(...WORDS), fitting(def.valueType!, field, pools, depth + 1), { maxKeys: 2 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => fitting(option, field, pools, depth)));
    default:
      return fc.constantFrom(...WORDS);
  }
}

/** An object for an object schema whose every field fits (the input may still fail a rule across fields). */
export function wellFormedObjectOf(schema: z.ZodType, pools: Pools = {}, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const shape = defOf(schema).shape ?? {};
  const required = Object.entries(shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);
  return fc.record(Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, fitting(field, name, pools, depth)])), {
    requiredKeys: required,
  });
}

/** A third of the inputs well formed, the rest hostile: the fuzz both runs the operations and attacks their edges. */
export function inputOf(schema: z.ZodType, pools: Pools): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof({ weight: 1, arbitrary: wellFormedObjectOf(schema, pools) }, { weight: 2, arbitrary: objectOf(schema, pools) });
}
