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
      // The devices whose work views show: this one, those trusted, and any whose work is held (a device
      // imported before keys existed keeps its work while it waits for a confirmation).
      all: db.prepare(
        `SELECT * FROM devices WHERE trust = 'trusted'
           OR EXISTS (SELECT 1 FROM work_sessions w WHERE w.device = devices.key)
           OR EXISTS (SELECT 1 FROM sessions c WHERE c.device = devices.key)
         ORDER BY key`,
      ),
      everyone: db.prepare(`SELECT * FROM devices ORDER BY key`),
      pending: db.prepare(`SELECT COUNT(*) AS n FROM devices WHERE trust = 'pending'`),
      present: db.prepare(
        `INSERT INTO devices (id, name, public_key) VALUES (?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, public_key = excluded.public_key WHERE trust != 'trusted'`,
      ),
      setTrust: db.prepare(`UPDATE devices SET trust = ?, public_key = ? WHERE key = ? AND key != ${LOCAL_DEVICE}`),
      byId: db.prepare(`SELECT * FROM devices WHERE id = ?`),
      byKey: db.prepare(`SELECT * FROM devices WHERE key = ?`),
      insert: db.prepare(`INSERT INTO devices (id, name) VALUES (?, ?) RETURNING key`),
      rename: db.prepare(`UPDATE devices SET name = ? WHERE key = ? AND name != ?`),
      seen: db.prepare(`UPDATE devices SET latest_seq = MAX(latest_seq, ?) WHERE key = ?`),
      imported: db.prepare(`UPDATE devices SET applied_through = ?, last_import_at = ? WHERE key = ?`),
      workSessions: db.prepare(`SELECT device, COUNT(*) AS n FROM work_sessions GROUP BY device`),
      pause: db.prepare(`UPDATE devices SET paused = ?, paused_at = ? WHERE key = ?`),
      forgetImports: db.prepare(
        `UPDATE devices SET latest_seq = 0, applied_through = 0, last_import_at = NULL, paused = NULL, paused_at = NULL WHERE key = ?`,
      ),
    };
  }

  /** The devices whose work the profile holds, for the views: this one, the trusted, and any that brought work before. */
  all(): DeviceRecord[] {
    return (this.stmts.all.all() as DeviceRow[]).map(toRecord);
  }

  /** Every device seen in the sync folder, waiting and refused ones too: what the sync status lists. */
  everyone(): DeviceRecord[] {
    return (this.stmts.everyone.all() as DeviceRow[]).map(toRecord);
  }

  /** How many devices wait for the person to trust or refuse them. */
  pendingCount(): number {
    return (this.stmts.pending.get() as { n: number }).n;
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

  /** Another device's key, added (waiting for a confirmation, named `name`) the first time it is seen. */
  ensure(id: string, name: string): number {
    const row = this.stmts.byId.get(id) as DeviceRow | undefined;
    return row ? row.key : (this.stmts.insert.get(id, name) as { key: number }).key;
  }

  /** A trusted device's name as its (verified) manifest gives it. */
  rename(key: number, name: string): void {
    this.stmts.rename.run(name, key, name);
  }

  /**
   * A device as its manifest presents itself (name and public key): added waiting for a confirmation, or
   * updated while it waits; a trusted device's pinned key never changes here.
   */
  present(id: string, name: string, publicKey: string): number {
    this.stmts.present.run(id, name, publicKey);
    return this.byId(id)!.key;
  }

  /** Trusts another device with the key the person confirmed, or refuses it (`publicKey` kept for the record). */
  setTrust(key: number, trust: 'trusted' | 'refused', publicKey: string | null): void {
    this.stmts.setTrust.run(trust, publicKey, key);
  }

  /**
   * The key of a device the views know (`all`), given by id or name (ids first; names ignore case); null
   * when none matches or two share the name.
   */
  resolve(idOrName: string): number | null {
    const matches = this.matching(this.all(), idOrName);
    return matches.length === 1 ? matches[0]!.key : null;
  }

  /** The devices among `devices` with this id, else this name (ignoring case): names are labels, several may share one. */
  matching(devices: readonly DeviceRecord[], idOrName: string): DeviceRecord[] {
    const wanted = idOrName.trim().toLowerCase();
    const byId = devices.filter((d) => d.id === wanted);
    return byId.length > 0 ? byId : devices.filter((d) => d.name.toLowerCase() === wanted);
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

  /** A device refused: nothing of it is held any more, so a trust given again imports it from its first segment. */
  forgetImports(key: number): void {
    this.stmts.forgetImports.run(key);
  }

  /** How many work sessions each device has in the profile. */
  workSessionCounts(): Map<number, number> {
    return new Map((this.stmts.workSessions.all() as { device: number; n: number }[]).map((r) => [r.device, r.n]));
  }
}
