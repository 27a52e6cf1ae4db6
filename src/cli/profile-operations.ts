import { createHandlers } from '../core/api/handlers';
import { callOperation } from '../core/api/invoke-operation';
import { resolveProfilePaths } from '../core/config/paths';
import { createShadowCore } from '../core/shadow-core';
import type { OperationInput, OperationKey, OperationOutput, Operations } from '../shared/contract/index';
import { CliError } from './cli-error';

/** An operation of the contract, called through the adapter core (validation, output check, error mapping). */
export type CallOperation = <K extends OperationKey>(
  key: K,
  input: OperationInput<Operations[K]>,
) => Promise<OperationOutput<Operations[K]>>;

/**
 * Runs a command against the profile's operations, the same handlers HTTP, IPC and MCP call. The core
 * is opened as a reader (`role: 'reader'`): the app may be running, so nothing observes, OCRs, recovers
 * or prunes here. A failed operation reaches `src/cli/main.ts`, which maps it to the exit code.
 */
export async function withOperations<T>(fn: (call: CallOperation) => T | Promise<T>): Promise<T> {
  const core = createShadowCore({ paths: resolveProfilePaths(), role: 'reader' });
  const handlers = createHandlers(core);
  try {
    return await fn((key, input) => callOperation(handlers, key, input));
  } finally {
    core.close();
  }
}

/** An id, or the best fuzzy match of a title. */
export async function findSession(call: CallOperation, idOrTitle: string): Promise<string> {
  const [best] = (await call('listSessions', { q: idOrTitle, limit: 1 })).sessions;
  if (!best) throw new CliError(`No session matches "${idOrTitle}". List them with \`shadow sessions\`.`);
  return best.id;
}
