/**
 * The sizes the API accepts, stated once. The contract's schemas, the stores that enforce them, the
 * HTTP server's body cap and the limits table in docs/api.md (written by `npm run docs:api`) all
 * quote these, so a limit cannot be promised in one place and refused first in another.
 */

const KIB = 1024;
const MIB = 1024 * KIB;

/** A file read through the file API (`GET /storage/file`), in bytes. */
export const FILE_READ_MAX_BYTES = 5 * MIB;
/** A file written through the file API (`POST /storage/file`), in bytes once decoded. */
export const FILE_WRITE_MAX_BYTES = 1 * MIB;
/** A stored output (`POST /sessions/{id}/outputs`), in bytes once decoded. */
export const OUTPUT_MAX_BYTES = 5 * MIB;
/** An applet's saved state, in bytes of JSON. */
export const APPLET_STATE_MAX_BYTES = 256 * KIB;
/** Each of an applet's html, js and css, in characters. */
export const APPLET_PART_MAX_CHARS = 512 * 1024;
/** A path given to the file API, in characters. */
export const FILE_PATH_MAX_LENGTH = 1024;

/** Room in a request body for everything beside its content (path, metadata, JSON punctuation). */
const BODY_ENVELOPE_BYTES = 64 * KIB;

/** The length of `bytes` bytes sent as base64. */
const base64Length = (bytes: number): number => 4 * Math.ceil(bytes / 3);

/**
 * The HTTP server's cap on a request body: the largest content a request may carry (an output),
 * base64-encoded, plus its envelope. So a body the cap refuses holds content its own limit would refuse
 * too, and the answer names the limit that matters (`output_too_large`, `file_too_large`), not the cap.
 * Text that JSON must escape heavily (control characters) can still be over it: send such content as base64.
 */
export const REQUEST_BODY_MAX_BYTES = base64Length(Math.max(OUTPUT_MAX_BYTES, FILE_WRITE_MAX_BYTES)) + BODY_ENVELOPE_BYTES;

export interface ApiLimit {
  readonly name: string;
  readonly value: number;
  readonly unit: 'bytes' | 'characters';
  /** What it limits, and what is answered past it. */
  readonly what: string;
}

/** Every limit above, as docs/api.md and the OpenAPI document list them. */
export const apiLimits: readonly ApiLimit[] = [
  {
    name: 'FILE_READ_MAX_BYTES',
    value: FILE_READ_MAX_BYTES,
    unit: 'bytes',
    what: 'a file read (`GET /storage/file`); past it `413 file_too_large`',
  },
  {
    name: 'FILE_WRITE_MAX_BYTES',
    value: FILE_WRITE_MAX_BYTES,
    unit: 'bytes',
    what: 'a file written (`POST /storage/file`), decoded; past it `413 file_too_large`',
  },
  {
    name: 'OUTPUT_MAX_BYTES',
    value: OUTPUT_MAX_BYTES,
    unit: 'bytes',
    what: 'a stored output (`POST /sessions/{id}/outputs`), decoded; past it `413 output_too_large`',
  },
  {
    name: 'APPLET_STATE_MAX_BYTES',
    value: APPLET_STATE_MAX_BYTES,
    unit: 'bytes',
    what: "an applet's state as JSON; past it `413 state_too_large`",
  },
  {
    name: 'APPLET_PART_MAX_CHARS',
    value: APPLET_PART_MAX_CHARS,
    unit: 'characters',
    what: "each of an applet's html, js and css; past it `400 invalid_input`",
  },
  { name: 'FILE_PATH_MAX_LENGTH', value: FILE_PATH_MAX_LENGTH, unit: 'characters', what: 'a file API path; past it `400 invalid_input`' },
  {
    name: 'REQUEST_BODY_MAX_BYTES',
    value: REQUEST_BODY_MAX_BYTES,
    unit: 'bytes',
    what: 'an HTTP request body: the largest content above as base64, plus 64 KB; past it `413 body_too_large`',
  },
];
