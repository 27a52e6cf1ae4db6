import type { OperationInput, OperationKey, OperationOutput, Operations } from '../../shared/contract/index';
import type { PublicEventName } from '../../shared/events';

/** An API answer that was not a success, with the server's code and readable message. */
export class ApiCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/**
 * The same API in Electron (preload bridge) and in a browser (HTTP with the bearer token), so the
 * UI and its end-to-end tests run unchanged in both.
 */
export interface ShadowClient {
  readonly transport: 'ipc' | 'http';
  call<K extends OperationKey>(key: K, input?: OperationInput<Operations[K]>): Promise<OperationOutput<Operations[K]>>;
  subscribe(event: PublicEventName, listener: (payload: unknown) => void): () => void;
}
