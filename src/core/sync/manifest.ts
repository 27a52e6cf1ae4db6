import { join } from 'node:path';
import { readUntrusted, writeFileAtomic } from './folder-files';
import {
  FORMAT_VERSION,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_SEGMENTS,
  manifestSchema,
  type Manifest,
  type ManifestEntry,
} from './sync-records';

/** 256 segment entries of about 200 bytes each, and room to spare. */
export const MANIFEST_MAX_BYTES = 256 * 1024;

/** A device folder's manifest as read: checked, with its size and file stamp. */
export interface ReadManifest {
  readonly manifest: Manifest;
  readonly bytes: number;
  readonly stamp: string;
}

/**
 * A device folder's manifest, read as untrusted input (folder-files.ts `readUntrusted`) and checked;
 * null when there is none yet. Throws with the reason when it is not one (`RefusedFileError` for a
 * link, not a plain file, or over its size).
 */
export function readManifest(deviceDir: string): ReadManifest | null {
  const file = readUntrusted(join(deviceDir, MANIFEST_FILE), MANIFEST_MAX_BYTES);
  if (file === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(file.bytes.toString('utf8'));
  } catch {
    throw new Error('its manifest is not JSON (incomplete or damaged)');
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`its manifest is invalid (${issue?.path.join('.') || 'manifest'}: ${issue?.message ?? 'invalid'})`);
  }
  return { manifest: parsed.data, bytes: file.bytes.length, stamp: file.stamp };
}

/** The manifest after `added` segments: the newest sequence number and the checksums of the latest segments. */
export function nextManifest(
  previous: Manifest | null,
  device: { id: string; name: string },
  added: readonly ManifestEntry[],
  atMs: number,
): Manifest {
  const segments = [...(previous?.segments ?? []), ...added].sort((a, b) => a.seq - b.seq).slice(-MANIFEST_SEGMENTS);
  return {
    format: MANIFEST_FORMAT,
    version: FORMAT_VERSION,
    device,
    latestSeq: Math.max(previous?.latestSeq ?? 0, ...added.map((s) => s.seq)),
    segments,
    updatedAt: new Date(atMs).toISOString(),
  };
}

/** Writes the manifest whole (temporary name, then rename); returns its size in bytes. */
export function writeManifest(deviceDir: string, manifest: Manifest): number {
  const text = `${JSON.stringify(manifest, null, 1)}\n`;
  writeFileAtomic(deviceDir, MANIFEST_FILE, text);
  return Buffer.byteLength(text);
}
