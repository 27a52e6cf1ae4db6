import type { ShadowBridge } from '../../preload/bridge-contract';
import { ApiCallError, type ShadowClient } from './client';

/** Calls through `window.shadow`, the preload's one-function-per-operation bridge. */
export function bridgeClient(bridge: ShadowBridge): ShadowClient {
  return {
    transport: 'ipc',
    async call(key, input) {
      const fn = bridge[key] as (
        input?: unknown,
      ) => Promise<{ ok: true; data: unknown } | { ok: false; error: { code: string; message: string } }>;
      const result = await fn(input);
      if (!result.ok) throw new ApiCallError(result.error.code, result.error.message);
      return result.data as never;
    },
    subscribe: (event, listener) => bridge.subscribe(event, listener),
  };
}
