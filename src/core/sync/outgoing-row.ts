import type { Redactor } from '../privacy/redactor';
import type { SyncKind } from './sync-kinds';
import { ROW_SCHEMAS } from './sync-records';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z?$/;

/**
 * A row of this device as it leaves for the sync folder: its columns (never its key), every text run
 * through the privacy rules in force now, and fitted to the schema the other devices check it against
 * (a text longer than its column may be is cut), so no device ever writes a segment the others refuse.
 * Null when it cannot fit (then it stays on this device).
 */
export function outgoingRow(kind: SyncKind, row: Record<string, unknown>, redactor: Redactor): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const column of kind.columns) out[column] = row[column];
  for (const column of kind.redact) {
    const value = out[column];
    if (typeof value === 'string') out[column] = redactor.redact(value).text;
  }
  for (const column of kind.redactJson ?? []) {
    const value = out[column];
    if (typeof value === 'string') out[column] = JSON.stringify(redactDeep(JSON.parse(value), redactor));
  }
  return fitted(kind, out);
}

/** Every string inside a JSON value redacted (a moment's ISO time left as it is). */
function redactDeep(value: unknown, redactor: Redactor): unknown {
  if (typeof value === 'string') return ISO_TIME.test(value) ? value : redactor.redact(value).text;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redactor));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, redactor)]));
  }
  return value;
}

function fitted(kind: SyncKind, row: Record<string, unknown>): Record<string, unknown> | null {
  const schema = ROW_SCHEMAS[kind.kind]!;
  let parsed = schema.safeParse(row);
  if (parsed.success) return row;
  const cut = { ...row };
  for (const issue of parsed.error.issues) {
    const column = issue.path[0];
    const value = typeof column === 'string' ? cut[column] : undefined;
    if (issue.code !== 'too_big' || issue.origin !== 'string' || typeof value !== 'string' || issue.path.length !== 1) return null;
    cut[column as string] = `${value.slice(0, Number(issue.maximum) - 1)}…`;
  }
  parsed = schema.safeParse(cut);
  return parsed.success ? cut : null;
}
