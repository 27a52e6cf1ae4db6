import {
  operations,
  type OperationKey,
  type PublicEventMessage,
  type PublicEventName,
  type PublicEventPayload,
} from '../shared/contract/index';
import type { Handlers } from '../core/api/handlers';
import { EVENT_CHANNEL, operationChannel } from '../preload/bridge-contract';
import type { IpcCall, IpcMainModule, WindowContents } from './electron-api';
import { callFromWindow } from './operation-call';

/**
 * Typed wrappers over ipcMain (GitHub Desktop style): channels come from the contract table only,
 * so nothing can be registered or sent that the preload does not know about. The one place main
 * registers IPC channels (lint: no `ipcMain.handle` elsewhere).
 */

export function handleOperation<K extends OperationKey>(
  ipcMain: IpcMainModule,
  key: K,
  handler: Handlers[K],
  isTrusted: (event: IpcCall) => boolean,
): () => void {
  const channel = operationChannel(operations[key].name);
  ipcMain.handle(channel, (event, rawInput: unknown) => callFromWindow(key, handler, rawInput, isTrusted(event)));
  return () => ipcMain.removeHandler(channel);
}

/** Registers every operation of the table; returns the function that removes them all. */
export function registerOperationHandlers(ipcMain: IpcMainModule, handlers: Handlers, isTrusted: (event: IpcCall) => boolean): () => void {
  const removers = (Object.keys(operations) as OperationKey[]).map((key) => handleOperation(ipcMain, key, handlers[key], isTrusted));
  return () => removers.forEach((remove) => remove());
}

export function sendEvent<N extends PublicEventName>(target: WindowContents, name: N, payload: PublicEventPayload<N>): void {
  if (target.isDestroyed()) return;
  const message = { name, payload } as PublicEventMessage;
  target.send(EVENT_CHANNEL, message);
}
