import type { KeyObject } from 'node:crypto';
import { join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { DeviceRepository } from '../store/repositories/device-repository';
import { MissingParentError, type SyncImportRepository, type UnappliedMark } from '../store/repositories/sync-import-repository';
import type { SyncTable } from '../store/repositories/sync-table';
import { fileStamp, isPlainDir, listBounded, readUntrusted, RefusedFileError } from './folder-files';
import { ImportBudget } from './import-budget';
import { fingerprintOf, publicKeyOf } from './device-key';
import { ManifestError, readManifest } from './manifest';
import { decodeSegment, newDecodeUse, SEGMENT_MAX_FILE_BYTES, SegmentError, sha256Of } from './segment-codec';
import { SYNC_KINDS } from './sync-kinds';
import { SEGMENT_FILE, segmentFileName, type Manifest } from './sync-records';
import { messageOf } from '../util/message-of';

export interface InboxDeps {
  readonly repo: SyncImportRepository;
  readonly devices: DeviceRepository;
  readonly now: () => number;
  /** A fresh budget for one device's share of one exchange (import-budget.ts). */
  readonly budget?: () => ImportBudget;
}

export interface ImportResult {
  readonly segments: number;
  readonly records: number;
  /** Segments that could not be applied this time (damaged, refused, or waiting for an earlier one). */
  readonly failed: number;
  /** Devices whose budget ran out before all they had waiting was read (the rest comes at the next exchange). */
  readonly paused: number;
  /** Bytes read from the folder (manifests and segments, whether applied or not). */
  readonly bytes: number;
}

const DEVICE_DIR = /^[0-9a-f]{16}$/;
const TABLES: ReadonlyMap<string, SyncTable> = new Map(SYNC_KINDS.map((k) => [k.kind, k]));
/** A device's manifest problem is marked as its segment 0. */
export const MANIFEST_SEQ = 0;
/** Names read from the sync folder and from one device folder per exchange: a folder of millions of files costs this many. */
const MAX_DEVICE_FOLDERS = 4_096;
const MAX_FOLDER_ENTRIES = 200_000;
/**
 * Device folders not known yet that one exchange registers, and devices waiting for a confirmation at
 * most: thousands of made-up folders cannot fill the device list (refusing some makes room; a device
 * can always be trusted by its id, `SyncService.trust` reads its folder then).
 */
const NEW_DEVICES_PER_EXCHANGE = 8;
const MAX_PENDING_DEVICES = 32;

type Outcome = { readonly records: number } | 'failed' | 'waiting' | 'missing';

/**
 * Imports every other device's segments from the folder, read-only into that device's scope. Whatever
 * is in the folder is untrusted input: device folders that are links are not entered, every file is read
 * through `readUntrusted` (no link followed, only plain files, bytes counted while read), and each device
 * has a budget per exchange (import-budget.ts): once used, the device is paused with the reason and
 * the rest waits for the next exchange. Each segment is checked whole (manifest checksum, gzip, header,
 * every record) and applied in one transaction, or not at all: a damaged one is marked with its file's
 * stamp and read again only once the file changed, so it costs one read and never blocks the segments
 * after it; one that needs an earlier segment waits and is tried again once another of its device is
 * applied. Applied segments are never read again.
 */
export async function importChanges(deps: InboxDeps, folder: string, localId: string): Promise<ImportResult> {
  const result = { segments: 0, records: 0, failed: 0, paused: 0, bytes: 0 };
  const { names } = listBounded(folder, MAX_DEVICE_FOLDERS);
  const ids = names.filter((name) => DEVICE_DIR.test(name) && name !== localId);
  // Trusted devices first: folders made up by someone else never stand before them.
  const trusted = new Set(
    deps.devices
      .everyone()
      .filter((d) => d.trust === 'trusted')
      .map((d) => d.id),
  );
  const rank = (id: string): number => (trusted.has(id) ? 0 : 1);
  ids.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  let newDevices = 0;
  for (const id of ids) {
    const known = deps.devices.byId(id);
    if (known?.trust === 'refused') continue;
    if (!known && (++newDevices > NEW_DEVICES_PER_EXCHANGE || deps.devices.pendingCount() >= MAX_PENDING_DEVICES)) continue;
    const budget = deps.budget?.() ?? new ImportBudget();
    const outcome = await importDevice(deps, budget, join(folder, id), id);
    result.segments += outcome.segments;
    result.records += outcome.records;
    result.failed += outcome.failed;
    result.paused += outcome.paused;
    result.bytes += budget.used.bytes;
  }
  return result;
}

type DeviceOutcome = Omit<ImportResult, 'bytes'>;

/**
 * A trusted device's manifest, read and checked; `failed` when a problem was marked, null when there is
 * nothing to import (no manifest yet, or a device that waits for the person's confirmation).
 */
function trustedManifest(
  deps: InboxDeps,
  budget: ImportBudget,
  dir: string,
  id: string,
): { key: number; manifest: Manifest; publicKey: KeyObject } | 'failed' | null {
  if (!isPlainDir(dir)) {
    // A name that is a link (to /proc, to the user's files) or a file: nothing of it is read.
    const key = deps.devices.ensure(id, id);
    return failed(deps, {
      key,
      seq: MANIFEST_SEQ,
      detail: 'its folder is a symbolic link or not a folder (never followed)',
      refused: true,
    });
  }
  let manifest: Manifest | null;
  try {
    budget.charge({ files: 1 });
    const read = readManifest(dir);
    budget.charge({ bytes: read?.bytes ?? 0 });
    manifest = read?.manifest ?? null;
  } catch (error) {
    const key = deps.devices.ensure(id, id);
    return failed(deps, {
      key,
      seq: MANIFEST_SEQ,
      detail: messageOf(error),
      refused: error instanceof ManifestError && error.refused,
    });
  }
  if (!manifest) return null;
  if (manifest.device.id !== id) {
    const key = deps.devices.ensure(id, id);
    return failed(deps, {
      key,
      seq: MANIFEST_SEQ,
      detail: `its manifest names device ${manifest.device.id}, not the folder it is in`,
      refused: true,
    });
  }
  const known = deps.devices.byId(id);
  if (known?.trust !== 'trusted') {
    // Seen, signed by the key it presents: it waits for the person to compare that key's fingerprint.
    const key = deps.devices.present(id, manifest.device.name, manifest.device.publicKey);
    mark(deps, { key, seq: MANIFEST_SEQ, state: 'applied' });
    return null;
  }
  if (known.publicKey !== manifest.device.publicKey) {
    return failed(deps, {
      key: known.key,
      seq: MANIFEST_SEQ,
      detail: `its manifest is signed by another key (fingerprint ${fingerprintOf(manifest.device.publicKey)}) than the one trusted for it (${known.publicKey ? fingerprintOf(known.publicKey) : 'none'}): someone else writes in its folder, or it was set up again (then refuse it and trust it anew)`,
      refused: true,
    });
  }
  const publicKey = publicKeyOf(known.publicKey);
  if (!publicKey) return null;
  deps.devices.rename(known.key, manifest.device.name);
  return { key: known.key, manifest, publicKey };
}

async function importDevice(deps: InboxDeps, budget: ImportBudget, dir: string, id: string): Promise<DeviceOutcome> {
  const result = { segments: 0, records: 0, failed: 0, paused: 0 };
  const found = trustedManifest(deps, budget, dir, id);
  if (found === 'failed') return { ...result, failed: 1 };
  if (!found) return result;
  const { key, manifest, publicKey } = found;
  mark(deps, { key, seq: MANIFEST_SEQ, state: 'applied' });
  deps.devices.sawSegment(key, manifest.latestSeq);
  const device = deps.devices.get(key)!;
  const applied = deps.repo.appliedAfter(key, device.appliedThrough);
  const marks = deps.repo.unapplied(key, device.appliedThrough);
  const checksums = new Map(manifest.segments.map((s) => [s.seq, s.sha256]));
  // The segments in the folder the manifest reaches and not applied yet: a manifest cannot make the
  // importer walk numbers no file has.
  const latest = manifest.latestSeq;
  const pending = listBounded(dir, MAX_FOLDER_ENTRIES)
    .names.map((name) => Number(SEGMENT_FILE.exec(name)?.[1] ?? 0))
    .filter((seq) => seq > device.appliedThrough && seq <= latest && !applied.has(seq))
    .sort((a, b) => a - b);
  let through = device.appliedThrough;
  const unresolved = new Set<number>();
  const waiting: number[] = [];
  let paused: string | null = null;
  let progressed = false;
  const attempt = async (seq: number): Promise<void> => {
    const outcome = await applyOne(deps, budget, dir, { key, id, publicKey }, seq, checksums.get(seq), seq === through + 1);
    if (typeof outcome === 'object') {
      applied.add(seq);
      while (applied.has(through + 1)) through++;
      unresolved.delete(seq);
      progressed = true;
      result.segments++;
      result.records += outcome.records;
    } else if (outcome !== 'missing') unresolved.add(seq);
    if (outcome === 'waiting') waiting.push(seq);
    await yieldToLoop();
  };
  let next = 0;
  for (; next < pending.length; next++) {
    const seq = pending[next]!;
    const before = marks.get(seq);
    if (before && unchanged(before, join(dir, segmentFileName(seq)))) {
      // Failed before and the file is the same: not read again (it is still reported).
      unresolved.add(seq);
      if (before.state === 'waiting') waiting.push(seq);
      continue;
    }
    paused = budget.exhausted();
    if (paused) break;
    await attempt(seq);
  }
  // Segments that wait for a row an earlier one brings: again, in order, while others get applied.
  while (!paused && progressed && waiting.length > 0) {
    progressed = false;
    for (const seq of waiting.splice(0).sort((a, b) => a - b)) {
      paused = budget.exhausted();
      if (paused) break;
      await attempt(seq);
    }
  }
  result.failed = unresolved.size;
  if (paused) {
    const left = pending.length - next;
    deps.devices.paused(
      key,
      `it used its budget of this exchange (${paused})${left > 0 ? `; ${left} more segments are read at the next one` : ''}`,
      deps.now(),
    );
    result.paused = 1;
  } else deps.devices.paused(key, null, deps.now());
  deps.devices.imported(key, through, deps.now());
  return result;
}

/** Whether a failed or waiting mark was made from this very file (same size, mtime and inode). */
function unchanged(mark: UnappliedMark, file: string): boolean {
  return mark.stamp !== null && mark.stamp === fileStamp(file);
}

/**
 * Applies one segment: the records it applied, `failed`, `waiting` (it needs a row an earlier segment
 * brings), or `missing` when its file is not in the folder (yet). What it costs is charged to `budget`.
 */
async function applyOne(
  deps: InboxDeps,
  budget: ImportBudget,
  dir: string,
  device: { key: number; id: string; publicKey: KeyObject },
  seq: number,
  sha256: string | undefined,
  inOrder: boolean,
): Promise<Outcome> {
  const at = { key: device.key, seq };
  let file: ReturnType<typeof readUntrusted>;
  budget.charge({ files: 1 });
  try {
    file = readUntrusted(join(dir, segmentFileName(seq)), SEGMENT_MAX_FILE_BYTES);
  } catch (error) {
    return failed(deps, { ...at, detail: messageOf(error), refused: error instanceof RefusedFileError });
  }
  if (file === null) return 'missing';
  budget.charge({ bytes: file.bytes.length });
  const found = { stamp: file.stamp, bytes: file.bytes.length, sha256: sha256Of(file.bytes) };
  if (sha256 !== undefined && found.sha256 !== sha256) {
    return failed(deps, { ...at, ...found, detail: 'its checksum differs from the manifest’s (incomplete or damaged)' });
  }
  const use = newDecodeUse();
  try {
    const { records } = await decodeSegment(file.bytes, { device: device.id, seq, key: device.publicKey }, use);
    deps.repo.applySegment(
      device.key,
      TABLES,
      records,
      { device: device.key, seq, state: 'applied', ...found, records: records.length, detail: null, atMs: deps.now(), refused: false },
      inOrder,
    );
    return { records: records.length };
  } catch (error) {
    if (error instanceof MissingParentError) {
      mark(deps, { ...at, ...found, state: 'waiting', detail: error.message });
      return 'waiting';
    }
    if (error instanceof SegmentError) return failed(deps, { ...at, ...found, detail: error.message, refused: error.refused });
    return failed(deps, { ...at, ...found, detail: `it could not be applied (${messageOf(error)})` });
  } finally {
    budget.charge(use);
  }
}

interface MarkInput {
  readonly key: number;
  readonly seq: number;
  readonly state: 'applied' | 'failed' | 'waiting';
  readonly detail?: string | null;
  readonly sha256?: string | null;
  readonly bytes?: number;
  readonly stamp?: string | null;
  readonly refused?: boolean;
}

function mark(deps: InboxDeps, m: MarkInput): void {
  deps.repo.mark({
    device: m.key,
    seq: m.seq,
    state: m.state,
    sha256: m.sha256 ?? null,
    bytes: m.bytes ?? 0,
    records: 0,
    detail: m.detail ?? null,
    atMs: deps.now(),
    stamp: m.stamp ?? null,
    refused: m.refused ?? false,
  });
}

function failed(deps: InboxDeps, m: Omit<MarkInput, 'state'>): 'failed' {
  mark(deps, { ...m, state: 'failed' });
  return 'failed';
}
