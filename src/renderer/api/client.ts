import type {
  OperationInput,
  OperationKey,
  OperationOutput,
  Operations,
  PublicEventName,
  PublicEventPayload,
} from '../../shared/contract/index';

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
  /** Listens to one public event with its payload as the contract declares it. */
  subscribe<N extends PublicEventName>(event: N, listener: (payload: PublicEventPayload<N>) => void): () => void;
}
