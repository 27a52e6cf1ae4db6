/**
 * What kind of failure the domain reports. The domain says what went wrong; each surface turns the
 * kind into its own code (HTTP status, IPC error, MCP tool error, CLI exit code) in one place,
 * `src/core/api/operation-errors.ts`, so no domain module knows about a transport.
 */
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden' | 'too_large' | 'unavailable';

/** A failure the caller can act on: `code` is stable for programs, `message` says what to do. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string): DomainError => new DomainError('not_found', 'not_found', `${what} was not found`);
