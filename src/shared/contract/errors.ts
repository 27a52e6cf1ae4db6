/**
 * Every error code an answer can carry, declared once: the domain throws them (`DomainError`, whose
 * code is typed by this table), the adapter core maps their kind to each surface's code, the OpenAPI
 * document lists them under their status, and docs/api.md must name each (a test checks).
 */

/** How a failure is classed: what the caller did wrong, or `unavailable`/`internal` when it was not the caller. */
export type ErrorKind = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'too_large' | 'unavailable' | 'internal';

export interface ErrorCodeSpec {
  readonly kind: ErrorKind;
  /** When it is given, in a few words (the OpenAPI document quotes it). */
  readonly when: string;
}

/** Codes of operation failures, on every surface (HTTP, IPC, MCP, the CLI). */
export const operationErrorCodes = {
  invalid_input: { kind: 'invalid', when: 'a field is missing, of the wrong type or out of range, or the body is not a JSON object' },
  invalid_json: { kind: 'invalid', when: 'the request body is not JSON' },
  malformed_escape: { kind: 'invalid', when: 'a path segment or query parameter has a malformed percent-escape (%ff, %2)' },
  nul_character: { kind: 'invalid', when: 'a path segment or query parameter contains a NUL (%00)' },
  bad_path: { kind: 'invalid', when: 'a file API path that cannot be a plain path (.., ~, backslashes, control characters, too long)' },
  invalid_slug: { kind: 'invalid', when: 'an applet slug that is not 1-64 lowercase letters, digits or "-"' },
  invalid_export: { kind: 'invalid', when: 'a session import whose files are not what `shadow export` writes' },
  invalid_context: { kind: 'invalid', when: 'a context set over its caps or with a bad item' },
  too_long: { kind: 'invalid', when: 'an interview summary over its token budget' },
  bad_cursor: { kind: 'invalid', when: 'an MCP cursor past the end of its list' },
  write_failed: { kind: 'invalid', when: 'the file API could not write the file (the reason is in the message)' },
  sync_folder_missing: { kind: 'invalid', when: 'a sync folder that does not exist' },
  sync_folder_root: { kind: 'invalid', when: 'a sync folder that is the root of a disk' },
  device_ambiguous: {
    kind: 'invalid',
    when: 'a device filter or sync device name that several devices share (the message lists their ids)',
  },
  device_is_this_one: { kind: 'invalid', when: 'shadow sync trust/refuse naming this computer' },
  fingerprint_invalid: { kind: 'invalid', when: 'a key fingerprint that is not 32 hexadecimal digits' },
  bad_range: { kind: 'invalid', when: 'a date range whose from is after its to' },
  range_too_long: { kind: 'invalid', when: 'a date range over its most days (workflows, event logs)' },
  forbidden: { kind: 'forbidden', when: 'IPC: a sender other than the app window' },
  forbidden_path: { kind: 'forbidden', when: 'a file API path outside the allowed roots, through a symlink loop, or a secret by name' },
  not_found: {
    kind: 'not_found',
    when: 'no such object (session, turn, work session, question, output, applet, file), or over HTTP no such endpoint',
  },
  device_not_found: { kind: 'not_found', when: 'a device filter names no device the profile knows (the message lists them)' },
  no_sessions: { kind: 'not_found', when: 'MCP: a session tool without session_id while there is no conversation yet' },
  no_work_sessions: { kind: 'not_found', when: 'MCP: work_session_summary without an id while nothing was observed yet' },
  device_key_unknown: { kind: 'conflict', when: 'trusting a device that has written no signed manifest yet' },
  fingerprint_mismatch: {
    kind: 'conflict',
    when: 'trusting a device whose key in the sync folder has another fingerprint than the one given',
  },
  setup_step_not_needed: { kind: 'conflict', when: 'a desktop setup step that is not needed or cannot run on this desktop now' },
  reply_in_progress: { kind: 'conflict', when: 'a message sent while the session still streams its reply' },
  session_exists: { kind: 'conflict', when: 'a session import whose id is already in the profile' },
  session_on_other_device: { kind: 'conflict', when: "a message to another device's conversation (read-only here: resume it)" },
  replay_overlaps_desktop: { kind: 'conflict', when: 'a replay into a profile that observed the desktop during the recorded day' },
  body_too_large: { kind: 'too_large', when: 'an HTTP request body over the body cap' },
  file_too_large: { kind: 'too_large', when: 'a file API read or write over its limit' },
  output_too_large: { kind: 'too_large', when: 'an output over its limit' },
  state_too_large: { kind: 'too_large', when: 'an applet state over its limit' },
  storage_unavailable: { kind: 'unavailable', when: 'the profile cannot be written now (disk full, read-only, I/O error, locked)' },
  internal_error: { kind: 'internal', when: 'a bug: the message names the operation that failed' },
  invalid_output: { kind: 'internal', when: 'a bug: an operation answered outside its contract' },
} as const satisfies Readonly<Record<string, ErrorCodeSpec>>;

export type OperationErrorCode = keyof typeof operationErrorCodes;

/** The codes the domain may throw (`DomainError`): every code but the adapter core's own. */
export type DomainErrorCode = Exclude<OperationErrorCode, 'internal_error' | 'invalid_output' | 'forbidden'>;

/** Refusals only the HTTP server gives, before any operation runs, with the status each is answered with. */
export const httpErrorCodes = {
  unauthorized: { status: 401, when: 'no API token, or a wrong one' },
  foreign_origin: { status: 403, when: 'a browser page from another origin' },
  method_not_allowed: { status: 405, when: 'the path takes another method (the Allow header lists it)' },
  unsupported_media_type: { status: 415, when: 'a request body not declared application/json' },
  foreign_host: { status: 421, when: 'a Host header that is not 127.0.0.1, localhost or [::1] with the port' },
  bad_request_target: { status: 400, when: 'a request target that is not a path the server understands' },
} as const satisfies Readonly<Record<string, { readonly status: number; readonly when: string }>>;

export type HttpErrorCode = keyof typeof httpErrorCodes;
