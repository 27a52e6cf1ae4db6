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
  /** Memory: the work session's tasks, theory, summary or questions changed. */
  'context:session-updated': { workSessionId: number; at: string; reason: 'tasks' | 'theory' | 'summary' | 'question' | 'answer' };
  /** Memory: a rolling summary, or the final one at the end of a work session (the history). */
  'context:summary-generated': { workSessionId: number; summaryId: number; kind: 'rolling' | 'final'; at: string; tokenCount: number; engine: 'openai' | 'offline' };
  /** Memory: a task ended and another began (or the work session ended). */
  'task:boundary': { workSessionId: number; at: string; endedTask: string; startedTask: string | null };
  /** Memory: a clarifying question for the user (tray notification, chat). */
  'question:asked': { id: number; workSessionId: number | null; at: string; text: string; trigger: string };
  /** Memory processing failed; observation goes on. */
  'memory:error': { at: string; message: string };
  /** Sessions: a prompt was stored as turn `turn` and its reply is on the way (every surface shows it at once). */
  'session:turn-started': { sessionId: string; turn: number; prompt: string; at: string };
  /** Sessions: the next piece of a reply as it streams (the window renders it; SSE on the POST streams it too). */
  'session:reply-delta': { sessionId: string; turn: number; text: string };
  /** Sessions: a turn's reply is stored (the chat refreshes; the TOC line follows). */
  'session:turn-completed': { sessionId: string; turn: number; at: string };
  /** Sessions: a turn got its TOC line. */
  'session:toc-updated': { sessionId: string; turn: number; summary: string; source: 'llm' | 'extractive' };
  /** Sessions: the title followed the topic (or the user renamed it). */
  'session:title-changed': { sessionId: string; title: string; turn: number; at: string };
  /** Sessions: active, paused, completed or interrupted. */
  'session:status-changed': { sessionId: string; status: 'active' | 'paused' | 'completed' | 'interrupted' };
  /** The onboarding interview's answers were saved (all of them, by question id). */
  'interview:answered': { answers: Record<string, string> };
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
