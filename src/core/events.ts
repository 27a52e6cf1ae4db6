import { EventEmitter } from 'node:events';
import type { PublicEventName, PublicEventPayload } from '../shared/contract/index';
import type { Frame, SignificantChange } from './observe/frame';
import { messageOf } from './util/message-of';

/** Events that stay inside the process (frames hold screenshots; surfaces never see them). */
interface InternalEvents {
  /** A frame that passed exclusion and dedup: the input of OCR and the memory layer. */
  'frame:kept': { frame: Frame; change: SignificantChange | null };
  /** A frame of a monitor beside the focused one (capture of every monitor): OCR reads it, memory does not. */
  'frame:beside': { frame: Frame };
  /** OCR stored new text for a kept frame (the frame's time, app and title; the text as stored). */
  'screen:text-recognized': { entryId: number; at: string; app: string; title: string; text: string };
  /** The onboarding interview's answers were saved (all of them, by question id). */
  'interview:answered': { answers: Record<string, string> };
}

/**
 * Payloads of the core's events: the public ones as the contract declares them
 * (`src/shared/contract/events.ts`), so what the core emits is what every surface receives.
 */
export type CoreEvents = { [N in PublicEventName]: PublicEventPayload<N> } & InternalEvents;

export type CoreEventName = keyof CoreEvents;

export class EventBus {
  private readonly emitter = new EventEmitter({ captureRejections: false });

  constructor() {
    this.emitter.setMaxListeners(100);
  }

  on<K extends CoreEventName>(name: K, listener: (payload: CoreEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  /** How many listen to an event: who reacts to observation is what tells an observing core from a reader. */
  listenerCount(name: CoreEventName): number {
    return this.emitter.listenerCount(name);
  }

  /** A throwing listener is reported and never breaks the emitter (the capture loop must go on). */
  emit<K extends CoreEventName>(name: K, payload: CoreEvents[K]): void {
    for (const listener of this.emitter.listeners(name)) {
      try {
        (listener as (p: CoreEvents[K]) => void)(payload);
      } catch (error) {
        process.emitWarning(`listener of ${name} failed: ${messageOf(error)}`);
      }
    }
  }
}
