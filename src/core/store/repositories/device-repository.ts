import type { DeviceRef } from '../../../shared/contract/sync';
import type { Db } from '../database';

/** The key of this profile's own device in `devices` (migration 012): its rows carry `device = 1`. */
export const LOCAL_DEVICE = 1;

/**
 * Which device's rows a view reads: one device's key, or null for every device. Inlined into SQL as a
 * number (never text), so a scope is safe to splice into a statement.
 */
export type DeviceScope = number | null;

/** `AND <alias>device = N` for a one-device scope, nothing for every device. */
export function deviceClause(scope: DeviceScope, alias = ''): string {
  if (scope === null) return '';
  if (!Number.isSafeInteger(scope)) throw new Error(`a device scope is a device key, not ${String(scope)}`);
  return ` AND ${alias}device = ${scope}`;
}

/** The label of a row's device, or undefined while the profile holds only this device's work (nothing to tell apart). */
export type DeviceLabels = (key: number) => DeviceRef | undefined;

/** `{ device }` for a row when labels are on, else nothing: spread into a fact. */
export function deviceOf(labels: DeviceLabels, key: number): { device?: DeviceRef } {
  const device = labels(key);
  return device ? { device } : {};
}

/** Whether a device's segments are imported: trusted by the person, waiting for them, or refused (migration 013). */
export type DeviceTrust = 'trusted' | 'pending' | 'refused';

export interface DeviceRecord {
  readonly key: number;
  readonly id: string;
  readonly name: string;
  readonly latestSeq: number;
  readonly appliedThrough: number;
  readonly lastImportAt: number | null;
  readonly trust: DeviceTrust;
  /** Its Ed25519 public key (base64 of 32 bytes), once seen in its manifest. */
  readonly publicKey: string | null;
  /** Why the last exchange stopped reading it before the end (its budget), and when. */
  readonly paused: string | null;
  readonly pausedAt: number | null;
}

interface DeviceRow {
  key: number;
  id: string;
  name: string;
  latest_seq: number;
  applied_through: number;
  last_import_at: number | null;
  trust: DeviceTrust;
  public_key: string | null;
  paused: string | null;
  paused_at: number | null;
}

const toRecord = (r: DeviceRow): DeviceRecord => ({
  key: r.key,
  id: r.id,
  name: r.name,
  latestSeq: r.latest_seq,
  appliedThrough: r.applied_through,
  lastImportAt: r.last_import_at,
  trust: r.trust,
  publicKey: r.public_key,
  paused: r.paused,
  pausedAt: r.paused_at,
});

/** The devices whose work the profile holds: this one (key 1) and those imported from the sync folder. */
export class DeviceRepository {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      all: db.prepare(`SELECT * FROM devices ORDER BY key`),
      byId: db.prepare(`SELECT * FROM devices WHERE id = ?`),
      byKey: db.prepare(`SELECT * FROM devices WHERE key = ?`),
      insert: db.prepare(`INSERT INTO devices (id, name) VALUES (?, ?) RETURNING key`),
      rename: db.prepare(`UPDATE devices SET name = ? WHERE key = ? AND name != ?`),
      seen: db.prepare(`UPDATE devices SET latest_seq = MAX(latest_seq, ?) WHERE key = ?`),
      imported: db.prepare(`UPDATE devices SET applied_through = ?, last_import_at = ? WHERE key = ?`),
      workSessions: db.prepare(`SELECT device, COUNT(*) AS n FROM work_sessions GROUP BY device`),
      pause: db.prepare(`UPDATE devices SET paused = ?, paused_at = ? WHERE key = ?`),
    };
  }

  all(): DeviceRecord[] {
    return (this.stmts.all.all() as DeviceRow[]).map(toRecord);
  }

  local(): DeviceRecord {
    return this.get(LOCAL_DEVICE)!;
  }

  get(key: number): DeviceRecord | null {
    const row = this.stmts.byKey.get(key) as DeviceRow | undefined;
    return row ? toRecord(row) : null;
  }

  byId(id: string): DeviceRecord | null {
    const row = this.stmts.byId.get(id) as DeviceRow | undefined;
    return row ? toRecord(row) : null;
  }

  /** Names this device as settings say (the host name by default), so the other devices show it. */
  nameLocal(name: string): void {
    this.stmts.rename.run(name, LOCAL_DEVICE, name);
  }

  /** Another device's key, added the first time it is seen; its name follows its manifest. */
  ensure(id: string, name: string): number {
    const row = this.stmts.byId.get(id) as DeviceRow | undefined;
    if (!row) return (this.stmts.insert.get(id, name) as { key: number }).key;
    this.stmts.rename.run(name, row.key, name);
    return row.key;
  }

  /** The key of a device given by id or name (ids first; names ignore case); null when none matches. */
  resolve(idOrName: string): number | null {
    const devices = this.all();
    const wanted = idOrName.trim().toLowerCase();
    const match = devices.find((d) => d.id === wanted) ?? devices.find((d) => d.name.toLowerCase() === wanted);
    return match?.key ?? null;
  }

  /** Labels for this read: every device's, or none while only this device's work is held. */
  labels(): DeviceLabels {
    const devices = this.all();
    if (devices.length < 2) return () => undefined;
    const byKey = new Map(devices.map((d) => [d.key, { id: d.id, name: d.name || d.id }]));
    return (key) => byKey.get(key);
  }

  /** The newest segment another device's manifest lists. */
  sawSegment(key: number, seq: number): void {
    this.stmts.seen.run(seq, key);
  }

  /** After an import pass: every segment up to `appliedThrough` is applied. */
  imported(key: number, appliedThrough: number, atMs: number): void {
    this.stmts.imported.run(appliedThrough, atMs, key);
  }

  /** The reason the last exchange stopped reading a device early (its budget), or null once one got through. */
  paused(key: number, reason: string | null, atMs: number): void {
    this.stmts.pause.run(reason, reason === null ? null : atMs, key);
  }

  /** How many work sessions each device has in the profile. */
  workSessionCounts(): Map<number, number> {
    return new Map((this.stmts.workSessions.all() as { device: number; n: number }[]).map((r) => [r.device, r.n]));
  }
}
