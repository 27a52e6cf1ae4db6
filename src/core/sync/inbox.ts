import { statSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { DeviceRepository } from '../store/repositories/device-repository';
import { MissingParentError, type SyncImportRepository } from '../store/repositories/sync-import-repository';
import type { SyncTable } from '../store/repositories/sync-table';
import { readBounded, safeList } from './folder-files';
import { readManifest } from './manifest';
import { decodeSegment, SEGMENT_MAX_FILE_BYTES, SegmentError, sha256Of } from './segment-codec';
import { SYNC_KINDS } from './sync-kinds';
import { SEGMENT_FILE, segmentFileName, type Manifest } from './sync-records';
import { messageOf } from '../util/message-of';

export interface InboxDeps {
  readonly repo: SyncImportRepository;
  readonly devices: DeviceRepository;
  readonly now: () => number;
}

export interface ImportResult {
  readonly segments: number;
  readonly records: number;
  /** Segments that could not be applied this time (damaged, or waiting for an earlier one). */
  readonly failed: number;
}

const DEVICE_DIR = /^[0-9a-f]{16}$/;
const TABLES: ReadonlyMap<string, SyncTable> = new Map(SYNC_KINDS.map((k) => [k.kind, k]));
/** A device's manifest problem is marked as its segment 0. */
export const MANIFEST_SEQ = 0;
/** Segments tried per device and exchange: a long backlog is worked through over several exchanges. */
const SEGMENTS_PER_PASS = 500;

/**
 * Imports every other device's segments from the folder, read-only into that device's scope. Each
 * segment is checked whole (manifest checksum, gzip, header, every record) and applied in one
 * transaction, or not at all: a damaged one is marked failed and tried again at the next pass (the
 * sync tool may still be copying it), one that needs an earlier segment waits. Applied segments are
 * never read again.
 */
export async function importChanges(deps: InboxDeps, folder: string, localId: string): Promise<ImportResult> {
  const result = { segments: 0, records: 0, failed: 0 };
  for (const name of safeList(folder).sort()) {
    if (!DEVICE_DIR.test(name) || name === localId || !isDir(join(folder, name))) continue;
    const outcome = await importDevice(deps, join(folder, name), name);
    result.segments += outcome.segments;
    result.records += outcome.records;
    result.failed += outcome.failed;
  }
  return result;
}

async function importDevice(deps: InboxDeps, dir: string, id: string): Promise<ImportResult> {
  const result = { segments: 0, records: 0, failed: 0 };
  let manifest: Manifest | null;
  try {
    manifest = readManifest(dir);
  } catch (error) {
    const key = deps.devices.ensure(id, id);
    failed(deps, key, MANIFEST_SEQ, messageOf(error), null, 0);
    return { ...result, failed: 1 };
  }
  if (!manifest) return result;
  const key = deps.devices.ensure(id, manifest.device.name);
  if (manifest.device.id !== id) {
    failed(deps, key, MANIFEST_SEQ, `its manifest names device ${manifest.device.id}, not the folder it is in`, null, 0);
    return { ...result, failed: 1 };
  }
  deps.repo.mark({ device: key, seq: MANIFEST_SEQ, state: 'applied', sha256: null, bytes: 0, records: 0, detail: null, atMs: deps.now() });
  deps.devices.sawSegment(key, manifest.latestSeq);
  const device = deps.devices.all().find((d) => d.key === key)!;
  const applied = deps.repo.appliedAfter(key, device.appliedThrough);
  const checksums = new Map(manifest.segments.map((s) => [s.seq, s.sha256]));
  // The segments in the folder the manifest reaches and not applied yet: a manifest cannot make the
  // importer walk numbers no file has.
  const pending = safeList(dir)
    .map((name) => Number(SEGMENT_FILE.exec(name)?.[1] ?? 0))
    .filter((seq) => seq > device.appliedThrough && seq <= manifest.latestSeq && !applied.has(seq))
    .sort((a, b) => a - b)
    .slice(0, SEGMENTS_PER_PASS);
  for (const seq of pending) {
    const outcome = applyOne(deps, dir, { key, id }, seq, checksums.get(seq));
    if (outcome === null) continue;
    if (outcome === 'failed') result.failed++;
    else {
      applied.add(seq);
      result.segments++;
      result.records += outcome;
    }
    await yieldToLoop();
  }
  let through = device.appliedThrough;
  while (applied.has(through + 1)) through++;
  deps.devices.imported(key, through, deps.now());
  return result;
}

/** Applies one segment: its record count, `failed`, or null when its file is not in the folder yet. */
function applyOne(
  deps: InboxDeps,
  dir: string,
  device: { key: number; id: string },
  seq: number,
  sha256: string | undefined,
): number | 'failed' | null {
  let bytes: Buffer | null;
  try {
    bytes = readBounded(join(dir, segmentFileName(seq)), SEGMENT_MAX_FILE_BYTES);
  } catch (error) {
    return failed(deps, device.key, seq, messageOf(error), null, 0);
  }
  if (bytes === null) return null;
  const digest = sha256Of(bytes);
  if (sha256 !== undefined && digest !== sha256) {
    return failed(deps, device.key, seq, 'its checksum differs from the manifest’s (incomplete or damaged)', digest, bytes.length);
  }
  try {
    const { records } = decodeSegment(bytes, { device: device.id, seq });
    deps.repo.applySegment(device.key, TABLES, records, {
      device: device.key,
      seq,
      state: 'applied',
      sha256: digest,
      bytes: bytes.length,
      records: records.length,
      detail: null,
      atMs: deps.now(),
    });
    return records.length;
  } catch (error) {
    if (error instanceof MissingParentError) {
      deps.repo.mark({
        device: device.key,
        seq,
        state: 'waiting',
        sha256: digest,
        bytes: bytes.length,
        records: 0,
        detail: error.message,
        atMs: deps.now(),
      });
      return 'failed';
    }
    const reason = error instanceof SegmentError ? error.message : `it could not be applied (${messageOf(error)})`;
    return failed(deps, device.key, seq, reason, digest, bytes.length);
  }
}

function failed(deps: InboxDeps, device: number, seq: number, detail: string, sha256: string | null, bytes: number): 'failed' {
  deps.repo.mark({ device, seq, state: 'failed', sha256, bytes, records: 0, detail, atMs: deps.now() });
  return 'failed';
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
