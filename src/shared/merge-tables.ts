type Merged<T extends readonly object[]> = T extends readonly [infer Head, ...infer Rest extends readonly object[]]
  ? Head & Merged<Rest>
  : unknown;

/**
 * Joins tables of named entries (operations, handlers) into one. A name defined twice throws at once:
 * spreading the tables instead would let the later one win silently and hide a feature.
 */
export function mergeTables<T extends readonly Record<string, unknown>[]>(...tables: T): Merged<T> {
  const merged: Record<string, unknown> = {};
  for (const table of tables) {
    for (const [key, value] of Object.entries(table)) {
      if (Object.hasOwn(merged, key)) throw new Error(`"${key}" is defined twice; every name in the table must be unique.`);
      merged[key] = value;
    }
  }
  return merged as Merged<T>;
}
