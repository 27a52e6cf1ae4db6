import type { KeyObject } from 'node:crypto';
import { messageOf } from '../util/message-of';
import { join } from 'node:path';
import { publicKeyOf } from './device-key';
import { readUntrusted, RefusedFileError, writeFileAtomic } from './folder-files';
import { manifestSignedBy, signManifest } from './signing';
import {
  FORMAT_VERSION,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_SEGMENTS,
  manifestFileSchema,
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

/** Why a manifest is not read; `refused` when it is hostile input (a link, over its size, wrongly signed), not merely damaged. */
export class ManifestError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
    this.name = 'ManifestError';
  }
}

/**
 * A device folder's manifest, read as untrusted input (folder-files.ts `readUntrusted`), checked, and
 * proven signed by the key it names (whether that key is the device's is for the caller to say: the
 * one the person trusted). Null when there is none yet; throws `ManifestError` with the reason.
 */
export function readManifest(deviceDir: string): ReadManifest | null {
  let file: ReturnType<typeof readUntrusted>;
  try {
    file = readUntrusted(join(deviceDir, MANIFEST_FILE), MANIFEST_MAX_BYTES);
  } catch (error) {
    throw new ManifestError(messageOf(error), error instanceof RefusedFileError);
  }
  if (file === null) return null;
  const raw = parseJson(file.bytes.toString('utf8'));
  const version = (raw as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version !== FORMAT_VERSION) {
    throw new ManifestError(
      `its manifest is of format version ${version}, this device reads version ${FORMAT_VERSION}: update Workflow Shadow on that device`,
      false,
    );
  }
  const envelope = manifestFileSchema.safeParse(raw);
  if (!envelope.success) throw new ManifestError(`its manifest is invalid (${describeIssue(envelope.error)})`, false);
  const parsed = manifestSchema.safeParse(parseJson(envelope.data.payload));
  if (!parsed.success) throw new ManifestError(`its manifest is invalid (${describeIssue(parsed.error)})`, true);
  const key = publicKeyOf(parsed.data.device.publicKey);
  if (!key || !manifestSignedBy(envelope.data.payload, envelope.data.signature, key)) {
    throw new ManifestError('its manifest is not signed by the key it names (forged or altered)', true);
  }
  return { manifest: parsed.data, bytes: file.bytes.length, stamp: file.stamp };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ManifestError('its manifest is not JSON (incomplete or damaged)', false);
  }
}

function describeIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return `${issue?.path.map(String).join('.') || 'manifest'}: ${issue?.message ?? 'invalid'}`;
}

/** The manifest after `added` segments: the newest sequence number and the checksums of the latest segments. */
export function nextManifest(
  previous: Manifest | null,
  device: Manifest['device'],
  added: readonly ManifestEntry[],
  atMs: number,
): Manifest {
  const segments = [...(previous?.segments ?? []), ...added].sort((a, b) => a.seq - b.seq).slice(-MANIFEST_SEGMENTS);
  return {
    device,
    latestSeq: Math.max(previous?.latestSeq ?? 0, ...added.map((s) => s.seq)),
    segments,
    updatedAt: new Date(atMs).toISOString(),
  };
}

/** Writes the manifest whole (temporary name, then rename), signed with the device's key; returns its size in bytes. */
export function writeManifest(deviceDir: string, manifest: Manifest, key: KeyObject): number {
  const payload = JSON.stringify(manifest, null, 1);
  const text = `${JSON.stringify({ format: MANIFEST_FORMAT, version: FORMAT_VERSION, payload, signature: signManifest(payload, key) })}\n`;
  writeFileAtomic(deviceDir, MANIFEST_FILE, text);
  return Buffer.byteLength(text);
}
