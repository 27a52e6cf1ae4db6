import { EventEmitter } from 'node:events';
import type { CaptureState, ImmediateContextView } from '../shared/contract/index';
import type { Frame, SignificantChange } from './observe/frame';
import type { ContextEvent } from '../shared/contract/context';

/** Payloads of the core's events. Surfaces subscribe; nothing here knows about them. */
export interface CoreEvents {
  'context:immediate-updated': ImmediateContextView;
  'capture:state-changed': { state: CaptureState; reason: string | null };
  'capture:error': { at: string; message: string };
  'work-session:started': { workSessionId: number; at: string };
  'work-session:ended': { workSessionId: number; at: string; reason: string };
  /** A frame that passed exclusion and dedup: the input of OCR and the memory layer. */
  'frame:kept': { frame: Frame; change: SignificantChange | null };
  /** OCR stored new text for a kept frame (the frame's time, app and title; the text as stored). */
  'screen:text-recognized': { entryId: number; at: string; app: string; title: string; text: string };
  /** A session's context sets changed, or the session resumed with context (the context card). */
  'session:context-changed': ContextEvent;
}

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

  /** A throwing listener is reported and never breaks the emitter (the capture loop must go on). */
  emit<K extends CoreEventName>(name: K, payload: CoreEvents[K]): void {
    for (const listener of this.emitter.listeners(name)) {
      try {
        (listener as (p: CoreEvents[K]) => void)(payload);
      } catch (error) {
        process.emitWarning(`listener of ${name} failed: ${(error as Error).message}`);
      }
    }
  }
}
