import type { ShadowBridge } from '../../preload/bridge-contract';
import { bridgeClient } from './bridge-transport';
import type { ShadowClient } from './client';
import { httpClient } from './http-transport';
import { forgetApiToken, takeApiToken } from './token';

export { sessionToOpen } from './token';

declare global {
  interface Window {
    /** Present inside Electron (the preload); absent in a plain browser. */
    readonly shadow?: ShadowBridge;
  }
}

export type ClientSetup = { readonly client: ShadowClient } | { readonly client: null; readonly problem: 'missing-token' };

/** Picks the transport: the preload bridge inside Electron, otherwise HTTP with the URL's token. */
export function createClient(onUnauthorized: () => void): ClientSetup {
  if (window.shadow) return { client: bridgeClient(window.shadow) };
  const token = takeApiToken(window.location, window.sessionStorage, window.history);
  if (!token) return { client: null, problem: 'missing-token' };
  return {
    client: httpClient(token, () => {
      forgetApiToken(window.sessionStorage);
      onUnauthorized();
    }),
  };
}

export { ApiCallError, type ShadowClient } from './client';
