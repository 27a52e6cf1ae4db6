import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  FORMAT_VERSION,
  ROW_SCHEMAS,
  SEGMENT_FORMAT,
  segmentHeaderSchema,
  syncRecordSchema,
  type SegmentHeader,
  type SyncRecord,
} from './sync-records';
import { messageOf } from '../util/message-of';

/** A segment file may be at most this big on disk, and this big unpacked (a gzip bomb stops there). */
export const SEGMENT_MAX_FILE_BYTES = 16 * 1024 * 1024;
export const SEGMENT_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/** Why a segment cannot be applied, in words for the health reason. */
export class SegmentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SegmentError';
  }
}

export interface EncodedSegment {
  readonly bytes: Buffer;
  readonly sha256: string;
}

export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** A segment as it goes to the folder: its header line, one line per record, gzip'd. */
export function encodeSegment(
  header: Omit<SegmentHeader, 'format' | 'version' | 'records'>,
  records: readonly SyncRecord[],
): EncodedSegment {
  const head: SegmentHeader = { format: SEGMENT_FORMAT, version: FORMAT_VERSION, ...header, records: records.length };
  const text = [head, ...records].map((line) => JSON.stringify(line)).join('\n') + '\n';
  const bytes = gzipSync(Buffer.from(text, 'utf8'));
  return { bytes, sha256: sha256Of(bytes) };
}

/**
 * The records of a segment, every line checked: gzip's checksum (a truncated or damaged file fails
 * here), the header (the device and sequence number the file is named for), each record and its row.
 * Throws `SegmentError` on the first thing wrong, so a segment is applied whole or not at all.
 */
export function decodeSegment(bytes: Buffer, expected: { device: string; seq: number }): { header: SegmentHeader; records: SyncRecord[] } {
  if (bytes.length > SEGMENT_MAX_FILE_BYTES)
    throw new SegmentError(`it is ${bytes.length} bytes, over the ${SEGMENT_MAX_FILE_BYTES} a segment may be`);
  let text: string;
  try {
    text = gunzipSync(bytes, { maxOutputLength: SEGMENT_MAX_UNPACKED_BYTES }).toString('utf8');
  } catch (error) {
    throw new SegmentError(`it is incomplete or damaged (${messageOf(error)})`);
  }
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const header = segmentHeaderSchema.safeParse(parseLine(lines[0] ?? '', 1));
  if (!header.success) throw new SegmentError(`its header is not a segment header (${header.error.issues[0]?.message ?? 'invalid'})`);
  if (header.data.device !== expected.device || header.data.seq !== expected.seq) {
    throw new SegmentError(`its header names device ${header.data.device} segment ${header.data.seq}, not the file it is in`);
  }
  if (lines.length - 1 !== header.data.records) {
    throw new SegmentError(`it holds ${lines.length - 1} records where its header says ${header.data.records}`);
  }
  const records = lines.slice(1).map((line, i) => checkRecord(parseLine(line, i + 2), i + 2));
  return { header: header.data, records };
}

function parseLine(line: string, number: number): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new SegmentError(`line ${number} is not JSON`);
  }
}

function checkRecord(value: unknown, line: number): SyncRecord {
  const record = syncRecordSchema.safeParse(value);
  if (!record.success) throw new SegmentError(`line ${line} is not a record (${record.error.issues[0]?.message ?? 'invalid'})`);
  if ('row' in record.data) {
    const row = ROW_SCHEMAS[record.data.kind]!.safeParse(record.data.row);
    if (!row.success) {
      const issue = row.error.issues[0];
      throw new SegmentError(
        `line ${line}: a ${record.data.kind} row is invalid (${issue?.path.join('.') || 'row'}: ${issue?.message ?? 'invalid'})`,
      );
    }
    if (typeof record.data.id === 'string' && record.data.kind !== 'session' && record.data.kind !== 'session_context') {
      throw new SegmentError(`line ${line}: a ${record.data.kind} is keyed by a number`);
    }
    return { ...record.data, row: row.data };
  }
  return record.data;
}
