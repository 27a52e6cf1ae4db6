import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { operations, type OperationKey, type OperationParsedInput, type Operations } from '../shared/contract/index';
import type { PublicEventName } from '../shared/events';
import type { Handlers } from '../core/api/handlers';
import { EVENT_CHANNEL, operationChannel, type PublicEventMessage } from '../preload/bridge-contract';
import { callOperation } from './operation-call';

/**
 * Typed wrappers over ipcMain (GitHub Desktop style): channels come from the contract table only,
 * so nothing can be registered or sent that the preload does not know about.
 */

type OperationHandler<K extends OperationKey> = Handlers[K];

export function handleOperation<K extends OperationKey>(
  key: K,
  handler: OperationHandler<K>,
  isTrusted: (event: IpcMainInvokeEvent) => boolean,
): () => void {
  const spec = operations[key];
  const channel = operationChannel(spec.name);
  ipcMain.handle(channel, (event, rawInput: unknown) =>
    callOperation(
      spec,
      (input) => handler(input as OperationParsedInput<Operations[K]>),
      rawInput,
      isTrusted(event),
    ),
  );
  return () => ipcMain.removeHandler(channel);
}

/** Registers every operation of the table; returns the function that removes them all. */
export function registerOperationHandlers(
  handlers: Handlers,
  isTrusted: (event: IpcMainInvokeEvent) => boolean,
): () => void {
  const removers = (Object.keys(operations) as OperationKey[]).map((key) =>
    handleOperation(key, handlers[key] as OperationHandler<typeof key>, isTrusted),
  );
  return () => removers.forEach((remove) => remove());
}

export function sendEvent(target: WebContents, name: PublicEventName, payload: unknown): void {
  if (target.isDestroyed()) return;
  const message: PublicEventMessage = { name, payload };
  target.send(EVENT_CHANNEL, message);
}
