import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Redactor } from '../privacy/redactor';
import type { DeviceKey } from './device-key';
import { outgoingRow } from './outgoing-row';
import type { SyncOutboxRepository, PendingChange } from '../store/repositories/sync-outbox-repository';
import { encodeSegment } from './segment-codec';
import { removeStaleTemps, safeList, writeFileAtomic } from './folder-files';
import { nextManifest, readManifest, writeManifest } from './manifest';
import { SYNC_KINDS, syncKind, type SyncKind } from './sync-kinds';
import { SEGMENT_FILE, SEGMENT_MAX_RECORDS, segmentFileName, type Manifest, type ManifestEntry, type SyncRecord } from './sync-records';

/** A segment is cut once its records pass this many bytes of JSON (gzip makes it several times smaller). */
export const SEGMENT_TARGET_BYTES = 2 * 1024 * 1024;
/** Pending changes read from the store at a time. */
const BATCH = 4000;

export interface OutboxDeps {
  readonly repo: SyncOutboxRepository;
  /** The privacy rules as they are now: run again over every text before it leaves the database. */
  readonly redactor: () => Redactor;
  readonly now: () => number;
  /** This device's signing key: every manifest and segment is signed with it. */
  readonly key: DeviceKey;
}

export interface ExportResult {
  readonly segments: number;
  readonly records: number;
  /** Bytes written to the folder: segments and manifests. */
  readonly bytes: number;
}

/**
 * Writes this device's pending changes into `<folder>/<device id>/` as new segments, each complete
 * before its name appears (temporary name, flush, rename), then the manifest, then marks the changes
 * done: a crash anywhere leaves either nothing new or a segment whose changes go again in the next one
 * (the same revision twice changes nothing on the other side). Never rewrites a segment. The manifest is
 * written even with nothing new when there is none yet or it names this device otherwise (its name, its
 * key): it is what the other devices show the person to trust.
 */
export async function exportChanges(
  deps: OutboxDeps,
  folder: string,
  local: { id: string; name: string },
  shared: readonly SyncKind[],
  maxSegments = Number.POSITIVE_INFINITY,
): Promise<ExportResult> {
  const device = { ...local, publicKey: deps.key.publicKey };
  const dir = join(folder, device.id);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  removeStaleTemps(dir);
  let manifest = readOwnManifest(dir, deps.key);
  let seq = Math.max(deps.repo.state().nextSeq, (manifest?.latestSeq ?? 0) + 1, highestSegmentOnDisk(dir) + 1);
  const sharedNames = new Set(shared.map((k) => k.kind));
  // Kinds without a parent (work sessions, screen text, conversations) go first: no child before its parent.
  const parents = SYNC_KINDS.filter((k) => !k.parent).map((k) => k.kind);
  const result = { segments: 0, records: 0, bytes: 0 };
  while (result.segments < maxSegments) {
    const pending = deps.repo.pending(parents, BATCH);
    if (pending.length === 0) break;
    const { records, done } = toRecords(deps, pending, sharedNames);
    if (records.length === 0) {
      // Only changes of kinds not shared: they are done without a segment.
      deps.repo.written(done, seq, deps.now());
      continue;
    }
    for (const cut of cuts(records)) {
      const segment = encodeSegment(
        { device: device.id, seq, createdAt: new Date(deps.now()).toISOString() },
        cut.records,
        deps.key.privateKey,
      );
      const file = segmentFileName(seq);
      writeFileAtomic(dir, file, segment.bytes);
      const entry: ManifestEntry = { seq, file, bytes: segment.bytes.length, sha256: segment.sha256, records: cut.records.length };
      manifest = nextManifest(manifest, device, [entry], deps.now());
      const manifestBytes = writeManifest(dir, manifest, deps.key.privateKey);
      deps.repo.written(cut.last ? done : cut.seqs, seq + 1, deps.now());
      seq++;
      result.segments++;
      result.records += cut.records.length;
      result.bytes += segment.bytes.length + manifestBytes;
      await yieldToLoop();
    }
  }
  if (!manifest || manifest.device.name !== device.name || manifest.device.publicKey !== device.publicKey) {
    manifest = nextManifest(manifest, device, [], deps.now());
    result.bytes += writeManifest(dir, manifest, deps.key.privateKey);
  }
  return result;
}

/**
 * Our own manifest when it is ours (signed by this device's key); a damaged or replaced one is rewritten
 * from the next segment on (the segments themselves are intact and signed each).
 */
function readOwnManifest(dir: string, key: DeviceKey): Manifest | null {
  try {
    const manifest = readManifest(dir)?.manifest ?? null;
    return manifest?.device.publicKey === key.publicKey ? manifest : null;
  } catch {
    return null;
  }
}

function highestSegmentOnDisk(dir: string): number {
  return safeList(dir).reduce((max, name) => Math.max(max, Number(SEGMENT_FILE.exec(name)?.[1] ?? 0)), 0);
}

interface Built {
  readonly record: SyncRecord;
  readonly seq: number;
  readonly size: number;
}

/** The records of pending changes: each row as it is now (redacted), or deleted; kinds not shared are only marked done. */
function toRecords(deps: OutboxDeps, pending: readonly PendingChange[], shared: ReadonlySet<string>): { records: Built[]; done: number[] } {
  const redactor = deps.redactor();
  const rowsByKind = new Map<string, Map<number | string, Record<string, unknown>>>();
  for (const kind of SYNC_KINDS) {
    const keys = pending.filter((p) => p.kind === kind.kind && p.rowId !== '*').map((p) => p.rowId);
    if (keys.length > 0 && shared.has(kind.kind)) rowsByKind.set(kind.kind, deps.repo.rows(kind, keys));
  }
  const records: Built[] = [];
  for (const change of pending) {
    const kind = syncKind(change.kind);
    if (!kind) continue;
    let record: SyncRecord | null = null;
    if (change.rowId === '*') record = { kind: kind.kind, rev: change.seq, withdrawn: true };
    else if (shared.has(kind.kind)) {
      const stored = rowsByKind.get(kind.kind)?.get(change.rowId);
      const row = stored ? outgoingRow(kind, stored, redactor) : undefined;
      // A row that cannot fit what the other devices accept stays here (none does in practice).
      if (row !== null) {
        record = row
          ? { kind: kind.kind, id: change.rowId, rev: change.seq, row }
          : { kind: kind.kind, id: change.rowId, rev: change.seq, deleted: true };
      }
    }
    if (record) records.push({ record, seq: change.seq, size: JSON.stringify(record).length + 1 });
  }
  return { records, done: pending.map((p) => p.seq) };
}

/** The records cut into segments of about `SEGMENT_TARGET_BYTES`, each with the changes it settles. */
function* cuts(records: readonly Built[]): Generator<{ records: SyncRecord[]; seqs: number[]; last: boolean }> {
  let current: Built[] = [];
  let size = 0;
  for (const [i, built] of records.entries()) {
    current.push(built);
    size += built.size;
    const last = i === records.length - 1;
    if (size >= SEGMENT_TARGET_BYTES || current.length === SEGMENT_MAX_RECORDS || last) {
      yield { records: current.map((b) => b.record), seqs: current.map((b) => b.seq), last };
      current = [];
      size = 0;
    }
  }
}
