import type {
  OperationInput,
  OperationKey,
  OperationOutput,
  Operations,
  PublicEventName,
  PublicEventPayload,
} from '../shared/contract/index';

/**
 * What the preload exposes as `window.shadow`, shared by main (handlers), preload (bridge) and
 * renderer (client). Types only, plus the channel naming, so every side agrees on one table.
 */

export interface BridgeError {
  readonly code: string;
  readonly message: string;
}

/** Errors do not survive contextBridge intact, so every call answers a plain result object. */
export type BridgeResult<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: BridgeError };

export type BridgeOperations = {
  readonly [K in OperationKey]: (input?: OperationInput<Operations[K]>) => Promise<BridgeResult<OperationOutput<Operations[K]>>>;
};

export interface ShadowBridge extends BridgeOperations {
  /** Listens to one public core event (payload as `src/shared/contract/events.ts` declares it); returns the function that stops listening. */
  subscribe<N extends PublicEventName>(event: N, listener: (payload: PublicEventPayload<N>) => void): () => void;
}

/** IPC channel of an operation: `shadow:<operation name>`. */
export function operationChannel(operationName: string): string {
  return `shadow:${operationName}`;
}

/** The one channel main pushes public events on. */
export const EVENT_CHANNEL = 'shadow:event';
