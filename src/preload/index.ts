import { contextBridge, ipcRenderer } from 'electron';
import { operations, type OperationKey } from '../shared/contract/index';
import { eventNames, type PublicEventName } from '../shared/events';
import { EVENT_CHANNEL, operationChannel, type PublicEventMessage, type ShadowBridge } from './bridge-contract';

/**
 * One function per operation of the contract and nothing generic: the renderer can only reach
 * the channels listed in the table, never an arbitrary `invoke(channel)`.
 */
function operationFunctions(): Record<OperationKey, (input?: unknown) => Promise<unknown>> {
  const entries = (Object.keys(operations) as OperationKey[]).map((key) => {
    const channel = operationChannel(operations[key].name);
    return [key, (input?: unknown) => ipcRenderer.invoke(channel, input ?? {})] as const;
  });
  return Object.fromEntries(entries) as Record<OperationKey, (input?: unknown) => Promise<unknown>>;
}

const listeners = new Map<PublicEventName, Set<(payload: unknown) => void>>();

ipcRenderer.on(EVENT_CHANNEL, (_event, message: PublicEventMessage) => {
  for (const listener of listeners.get(message.name) ?? []) listener(message.payload);
});

function subscribe(event: PublicEventName, listener: (payload: unknown) => void): () => void {
  if (!(eventNames as readonly string[]).includes(event)) {
    throw new Error(`Unknown event "${String(event)}"; public events are: ${eventNames.join(', ')}.`);
  }
  if (typeof listener !== 'function') throw new Error('subscribe(event, listener) needs a listener function.');
  const set = listeners.get(event) ?? new Set();
  set.add(listener);
  listeners.set(event, set);
  return () => set.delete(listener);
}

const bridge = { ...operationFunctions(), subscribe } as unknown as ShadowBridge;
contextBridge.exposeInMainWorld('shadow', bridge);
