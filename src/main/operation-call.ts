import type { z } from 'zod';
import type { OperationSpec } from '../shared/contract/index';
import { ApiError } from '../core/api/api-error';
import type { BridgeResult } from '../preload/bridge-contract';

/** Same one-line shape as the HTTP API's 400 messages: `date: expected a date as YYYY-MM-DD; …`. */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`).join('; ');
}

/**
 * One IPC call of an operation, without Electron: the sender check comes first, then the input
 * is validated against the contract, then the handler runs; every outcome is a plain result.
 */
export async function callOperation(
  spec: OperationSpec,
  handler: (input: unknown) => unknown,
  rawInput: unknown,
  senderTrusted: boolean,
): Promise<BridgeResult<unknown>> {
  if (!senderTrusted) {
    return { ok: false, error: { code: 'forbidden', message: `${spec.name} may only be called from the Workflow Shadow window.` } };
  }
  const parsed = spec.input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    return {
      ok: false,
      error: { code: 'invalid_input', message: `Invalid input for ${spec.name}: ${describeIssues(parsed.error)}` },
    };
  }
  try {
    const output = spec.output.parse(await handler(parsed.data));
    return { ok: true, data: output };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: { code: error.code, message: error.message } };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { code: 'internal_error', message: `${spec.name} failed: ${message}` } };
  }
}
