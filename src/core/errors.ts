import type { DomainErrorCode, ErrorKind, operationErrorCodes } from '../shared/contract/errors';

/**
 * What kind of failure the domain reports. The domain says what went wrong; each surface turns the
 * kind into its own code (HTTP status, IPC error, MCP tool error, CLI exit code) in one place,
 * `src/core/api/operation-errors.ts`, so no domain module knows about a transport.
 */
export type DomainErrorKind = Exclude<ErrorKind, 'internal'>;

/**
 * A failure the caller can act on: `code` is stable for programs (declared with its kind in
 * `src/shared/contract/errors.ts`, which docs/api.md lists), `message` says what to do.
 */
export class DomainError<C extends DomainErrorCode = DomainErrorCode> extends Error {
  constructor(
    /** The code's own kind (the table's): a code cannot be thrown as another kind. */
    readonly kind: (typeof operationErrorCodes)[C]['kind'],
    readonly code: C,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string): DomainError => new DomainError('not_found', 'not_found', `${what} was not found`);

/** A key that is missing, malformed, unreadable or does not open the store: always a plain sentence, never a crash. */
export class StoreKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreKeyError';
  }
}
