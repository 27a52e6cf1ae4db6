import { sign, verify, type KeyObject } from 'node:crypto';
import { FORMAT_VERSION } from './sync-records';

/**
 * What a device signs (Ed25519, device-key.ts): a manifest's exact text, and a segment's header fields
 * with the SHA-256 of its body. Each message starts with what it is and the format version, so a
 * signature made for one can never pass for the other.
 */
const MANIFEST_CONTEXT = `workflow-shadow-sync manifest v${FORMAT_VERSION}\n`;
const SEGMENT_CONTEXT = `workflow-shadow-sync segment v${FORMAT_VERSION}\n`;

export interface SignedSegmentFields {
  readonly device: string;
  readonly seq: number;
  readonly records: number;
  readonly createdAt: string;
  /** SHA-256 (hex) of every byte after the header line. */
  readonly body: string;
}

const manifestMessage = (payload: string): Buffer => Buffer.from(MANIFEST_CONTEXT + payload, 'utf8');
const segmentMessage = (f: SignedSegmentFields): Buffer =>
  Buffer.from(SEGMENT_CONTEXT + JSON.stringify([f.device, f.seq, f.records, f.createdAt, f.body]), 'utf8');

export const signManifest = (payload: string, key: KeyObject): string => sign(null, manifestMessage(payload), key).toString('base64');
export const signSegment = (fields: SignedSegmentFields, key: KeyObject): string =>
  sign(null, segmentMessage(fields), key).toString('base64');

export function manifestSignedBy(payload: string, signature: string, key: KeyObject): boolean {
  return verifySafely(manifestMessage(payload), signature, key);
}

export function segmentSignedBy(fields: SignedSegmentFields, signature: string, key: KeyObject): boolean {
  return verifySafely(segmentMessage(fields), signature, key);
}

function verifySafely(message: Buffer, signature: string, key: KeyObject): boolean {
  try {
    return verify(null, message, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
