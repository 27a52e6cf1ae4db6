import type { OperationKey, OperationParsedInput, Operations } from '../shared/contract/index';
import { runOperation } from '../core/api/invoke-operation';
import type { BridgeResult } from '../preload/bridge-contract';

/**
 * One IPC call of an operation, without Electron: the sender check comes first, then the adapter core
 * (`runOperation`) validates, runs and maps failures like every other surface; the IPC code is the
 * failure's code. Errors do not cross contextBridge intact, so every outcome is a plain result.
 */
export async function callFromWindow<K extends OperationKey>(
  key: K,
  handler: (input: OperationParsedInput<Operations[K]>) => unknown,
  rawInput: unknown,
  senderTrusted: boolean,
): Promise<BridgeResult<unknown>> {
  if (!senderTrusted) {
    return { ok: false, error: { code: 'forbidden', message: `${key} may only be called from the Workflow Shadow window.` } };
  }
  const result = await runOperation(key, handler, rawInput);
  return result.ok ? { ok: true, data: result.data } : { ok: false, error: { code: result.error.code, message: result.error.message } };
}
