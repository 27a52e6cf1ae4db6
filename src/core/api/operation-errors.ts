import type { z } from 'zod';
import type { ErrorKind, OperationErrorCode } from '../../shared/contract/errors';
import { DomainError } from '../errors';
import { storageUnavailable } from '../store/storage-failure';
import { messageOf } from '../util/message-of';

/** Every failure a surface reports: the domain's kinds, plus `internal` for anything unexpected. */
export type FailureKind = ErrorKind;

export interface OperationError {
  readonly kind: FailureKind;
  /** Stable code for programs (`invalid_input`, `not_found`, `reply_in_progress`, …; src/shared/contract/errors.ts). */
  readonly code: OperationErrorCode;
  readonly message: string;
}

/**
 * The one formatter of zod issues, as one line: `date: expected a date as YYYY-MM-DD; limit: …`.
 * `label` names a field the way the surface shows it (the CLI says `--max-history-tokens`).
 */
export function describeZodError(
  error: z.ZodError,
  label: (path: readonly PropertyKey[]) => string = (path) => path.map(String).join('.'),
): string {
  return error.issues.map((issue) => `${issue.path.length ? `${label(issue.path)}: ` : ''}${issue.message}`).join('; ');
}

export function invalidInput(operationName: string, error: z.ZodError): OperationError {
  return { kind: 'invalid', code: 'invalid_input', message: `Invalid input for ${operationName}: ${describeZodError(error)}` };
}

/** A thrown error as a surface reports it: a DomainError keeps its kind, code and message; anything else is internal. */
export function toOperationError(failedName: string, error: unknown): OperationError {
  if (error instanceof DomainError) {
    const { kind, code, message } = error as DomainError;
    return { kind, code, message };
  }
  if (error instanceof OperationFailed) return error.error;
  const storage = storageUnavailable(error);
  if (storage) return { kind: storage.kind, code: storage.code, message: storage.message };
  const message = messageOf(error);
  return { kind: 'internal', code: 'internal_error', message: `${failedName} failed: ${message}` };
}

/** Thrown by `callOperation` for callers that chain operations (MCP tools, the CLI). */
export class OperationFailed extends Error {
  constructor(readonly error: OperationError) {
    super(error.message);
    this.name = 'OperationFailed';
  }
}

/** The one place a failure becomes each surface's code. IPC passes `code` and `message` as they are. */
export const HTTP_STATUS: Readonly<Record<FailureKind, number>> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unavailable: 503,
  internal: 500,
};

/** docs/api.md: 2 for bad usage or input, 1 for every other failure. */
export const CLI_EXIT_CODE: Readonly<Record<FailureKind, number>> = {
  invalid: 2,
  forbidden: 1,
  not_found: 1,
  conflict: 1,
  too_large: 1,
  unavailable: 1,
  internal: 1,
};

/**
 * MCP answers a failing tool with an `isError` result the agent reads (never a protocol error, which
 * clients hide from the model): what the agent can correct is "Invalid arguments", the rest "failed".
 */
export function mcpToolErrorText(toolName: string, error: OperationError): string {
  const agentCanFix = error.kind !== 'internal' && error.kind !== 'unavailable';
  return agentCanFix ? `Invalid arguments for ${toolName}: ${error.message}` : `${toolName} failed: ${error.message}`;
}
