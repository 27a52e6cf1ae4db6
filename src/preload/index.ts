import { contextBridge, ipcRenderer } from 'electron';
import {
  eventNames,
  isPublicEventName,
  operations,
  type OperationKey,
  type PublicEventMessage,
  type PublicEventName,
} from '../shared/contract/index';
import { EVENT_CHANNEL, operationChannel, type ShadowBridge } from './bridge-contract';

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

// Main sends payloads typed by the contract (src/main/ipc.ts), so they are passed on as they come.
const subscribe: ShadowBridge['subscribe'] = (event, listener) => {
  if (!isPublicEventName(event)) {
    throw new Error(`Unknown event "${String(event)}"; public events are: ${eventNames.join(', ')}.`);
  }
  if (typeof listener !== 'function') throw new Error('subscribe(event, listener) needs a listener function.');
  const set = listeners.get(event) ?? new Set();
  const untyped = listener as (payload: unknown) => void;
  set.add(untyped);
  listeners.set(event, set);
  return () => set.delete(untyped);
};

const bridge = { ...operationFunctions(), subscribe } as unknown as ShadowBridge;
contextBridge.exposeInMainWorld('shadow', bridge);
