import {
  operations,
  type OperationInput,
  type OperationKey,
  type OperationOutput,
  type OperationParsedInput,
  type Operations,
} from '../../shared/contract/index';
import type { Handlers } from './handlers';
import { describeZodError, invalidInput, OperationFailed, toOperationError, type OperationError } from './operation-errors';

export type OperationResult<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: OperationError };

type Handler<K extends OperationKey> = (input: OperationParsedInput<Operations[K]>) => unknown;

/**
 * The adapter core: every surface (HTTP, the SSE message stream, IPC, MCP, the CLI) calls an operation
 * through here. The input is validated against the contract, the handler runs, its output is checked
 * against the contract, and every failure becomes one OperationError. Nothing throws out of it.
 */
export async function runOperation<K extends OperationKey>(
  key: K,
  handler: Handler<K>,
  rawInput: unknown,
): Promise<OperationResult<OperationOutput<Operations[K]>>> {
  const spec = operations[key];
  const parsed = spec.input.safeParse(rawInput ?? {});
  if (!parsed.success) return { ok: false, error: invalidInput(spec.name, parsed.error) };
  try {
    const output = spec.output.safeParse(await handler(parsed.data as OperationParsedInput<Operations[K]>));
    if (!output.success) {
      return {
        ok: false,
        error: {
          kind: 'internal',
          code: 'invalid_output',
          message: `${spec.name} answered outside its contract: ${describeZodError(output.error)}`,
        },
      };
    }
    return { ok: true, data: output.data as OperationOutput<Operations[K]> };
  } catch (error) {
    return { ok: false, error: toOperationError(spec.name, error) };
  }
}

export function invokeOperation<K extends OperationKey>(
  handlers: Handlers,
  key: K,
  rawInput: unknown,
): Promise<OperationResult<OperationOutput<Operations[K]>>> {
  return runOperation(key, handlers[key] as Handler<K>, rawInput);
}

/** For callers that chain operations (MCP tools, CLI commands): the output, or an OperationFailed to map. */
export async function callOperation<K extends OperationKey>(
  handlers: Handlers,
  key: K,
  input: OperationInput<Operations[K]>,
): Promise<OperationOutput<Operations[K]>> {
  const result = await invokeOperation(handlers, key, input);
  if (!result.ok) throw new OperationFailed(result.error);
  return result.data;
}
