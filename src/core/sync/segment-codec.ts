import { createHash, type KeyObject } from 'node:crypto';
import { createGunzip, gzipSync } from 'node:zlib';
import {
  FORMAT_VERSION,
  ROW_SCHEMAS,
  SEGMENT_FORMAT,
  segmentHeaderSchema,
  syncRecordSchema,
  type SegmentHeader,
  type SyncRecord,
} from './sync-records';
import { segmentSignedBy, signSegment } from './signing';
import { messageOf } from '../util/message-of';

/**
 * A segment file may be at most this big on disk, and this big unpacked (a gzip bomb stops there); one
 * line at most this long. A device cuts its segments at about 2 MiB of JSON (outbox.ts), and no record
 * is longer than its row's schema allows (a turn's reply, 1,000,000 characters, escaped).
 */
export const SEGMENT_MAX_FILE_BYTES = 16 * 1024 * 1024;
export const SEGMENT_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
export const SEGMENT_MAX_LINE_BYTES = 12 * 1024 * 1024;

/**
 * Why a segment cannot be applied, in words for the health reason. `refused`: it breaks a limit no
 * device ever writes past (too big, too long a line, more records than announced), so it is shown as
 * refused input rather than as a file the sync tool is still copying.
 */
export class SegmentError extends Error {
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
    this.name = 'SegmentError';
  }
}

export interface EncodedSegment {
  readonly bytes: Buffer;
  readonly sha256: string;
}

export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * A segment as it goes to the folder, gzip'd: its header line (with the SHA-256 of what follows and the
 * device's signature over both), then one line per record.
 */
export function encodeSegment(
  header: { readonly device: string; readonly seq: number; readonly createdAt: string },
  records: readonly SyncRecord[],
  key: KeyObject,
): EncodedSegment {
  const body = Buffer.from(records.map((record) => `${JSON.stringify(record)}\n`).join(''), 'utf8');
  const fields = { ...header, records: records.length, body: sha256Of(body) };
  const head: SegmentHeader = { format: SEGMENT_FORMAT, version: FORMAT_VERSION, ...fields, signature: signSegment(fields, key) };
  const bytes = gzipSync(Buffer.concat([Buffer.from(`${JSON.stringify(head)}\n`, 'utf8'), body]));
  return { bytes, sha256: sha256Of(bytes) };
}

/** What decoding a segment cost so far (also when it failed), charged to its device's budget. */
export interface DecodeUse {
  unpackedBytes: number;
  lines: number;
  records: number;
}

export const newDecodeUse = (): DecodeUse => ({ unpackedBytes: 0, lines: 0, records: 0 });

/**
 * The records of a segment, every line checked as it is unpacked: gzip's checksum (a truncated or damaged
 * file fails here), the header (the device and sequence number the file is named for, signed by
 * `expected.key`, the key the person trusted for that device: checked before any record is read), each
 * record and its row, and at the end the SHA-256 of the records against the signed one. Unpacking streams and stops at the first thing wrong, at `SEGMENT_MAX_UNPACKED_BYTES`, at a
 * line longer than a record may be, or at a record more than the header announced: a small file of
 * empty lines costs one chunk, never its whole unpacked size in memory. Throws `SegmentError`, so a
 * segment is applied whole or not at all. `use` counts what it cost, also when it fails.
 */
export async function decodeSegment(
  bytes: Buffer,
  expected: { device: string; seq: number; key: KeyObject },
  use: DecodeUse = newDecodeUse(),
): Promise<{ header: SegmentHeader; records: SyncRecord[] }> {
  if (bytes.length > SEGMENT_MAX_FILE_BYTES)
    throw new SegmentError(`it is ${bytes.length} bytes, over the ${SEGMENT_MAX_FILE_BYTES} a segment may be`, true);
  let header: SegmentHeader | null = null;
  const records: SyncRecord[] = [];
  const body = createHash('sha256');
  let number = 0;
  const onLine = (line: Buffer): void => {
    number++;
    use.lines++;
    if (!header) {
      header = checkHeader(parseLine(line.toString('utf8'), number), expected);
      return;
    }
    body.update(line).update('\n');
    if (records.length === header.records) throw new SegmentError(`it holds more records than the ${header.records} its header says`, true);
    records.push(checkRecord(parseLine(line.toString('utf8'), number), number));
    use.records++;
  };
  const lines = new LineSplitter(SEGMENT_MAX_LINE_BYTES);
  const gunzip = createGunzip({ chunkSize: 64 * 1024 });
  gunzip.end(bytes);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      use.unpackedBytes += chunk.length;
      if (use.unpackedBytes > SEGMENT_MAX_UNPACKED_BYTES)
        throw new SegmentError(`it unpacks to more than the ${SEGMENT_MAX_UNPACKED_BYTES} bytes a segment may hold`, true);
      lines.push(chunk, onLine);
    }
  } catch (error) {
    if (error instanceof SegmentError) throw error;
    throw new SegmentError(`it is incomplete or damaged (${messageOf(error)})`);
  } finally {
    gunzip.destroy();
  }
  lines.end(onLine);
  const head = header as SegmentHeader | null;
  if (!head) throw new SegmentError('it is empty (no segment header)');
  if (records.length !== head.records) {
    throw new SegmentError(`it holds ${records.length} records where its header says ${head.records}`);
  }
  if (body.digest('hex') !== head.body) throw new SegmentError('its records are not the ones its device signed (altered)', true);
  return { header: head, records };
}

/** Cuts unpacked bytes into lines (a newline byte never occurs inside a UTF-8 character), refusing one longer than `max`. */
class LineSplitter {
  private pieces: Buffer[] = [];
  private size = 0;

  constructor(private readonly max: number) {}

  push(chunk: Buffer, onLine: (line: Buffer) => void): void {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a, start); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      this.check(nl - start);
      const tail = chunk.subarray(start, nl);
      const line = this.pieces.length > 0 ? Buffer.concat([...this.pieces, tail]) : tail;
      this.pieces = [];
      this.size = 0;
      start = nl + 1;
      onLine(line);
    }
    if (start < chunk.length) {
      this.check(chunk.length - start);
      this.pieces.push(chunk.subarray(start));
      this.size += chunk.length - start;
    }
  }

  /** The last line, when the text does not end with a newline. */
  end(onLine: (line: Buffer) => void): void {
    if (this.size > 0) onLine(Buffer.concat(this.pieces));
    this.pieces = [];
    this.size = 0;
  }

  private check(more: number): void {
    if (this.size + more > this.max) throw new SegmentError(`a line is longer than the ${this.max} bytes a record may take`, true);
  }
}

function checkHeader(value: unknown, expected: { device: string; seq: number; key: KeyObject }): SegmentHeader {
  const version = (value as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version !== FORMAT_VERSION) {
    throw new SegmentError(
      `it is of format version ${version}, this device reads version ${FORMAT_VERSION}: update Workflow Shadow on that device`,
    );
  }
  const header = segmentHeaderSchema.safeParse(value);
  if (!header.success) throw new SegmentError(`its header is not a segment header (${header.error.issues[0]?.message ?? 'invalid'})`);
  if (header.data.device !== expected.device || header.data.seq !== expected.seq) {
    throw new SegmentError(`its header names device ${header.data.device} segment ${header.data.seq}, not the file it is in`, true);
  }
  if (!segmentSignedBy(header.data, header.data.signature, expected.key)) {
    throw new SegmentError('it is not signed by the key trusted for its device (forged, or written by another device)', true);
  }
  return header.data;
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
