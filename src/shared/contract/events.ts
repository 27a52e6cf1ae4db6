import { z } from 'zod';
import { contextSetsEventSchema } from './session-context-sets';
import { captureStateSchema, immediateContextSchema } from './observation';
import { sessionIdSchema, sessionSchema, turnSchema } from './sessions';

/**
 * Public events, declared once like operations: a name and a zod payload. The core's EventBus, SSE
 * (`/api/v1/events`), IPC (`shadow:event`), the preload's `subscribe` and the renderer are all typed
 * from this table, and a receiver that cannot trust the sender validates with the payload schema.
 */
export interface EventDefinition<P extends z.ZodType = z.ZodType> {
  readonly summary: string;
  readonly payload: P;
}

export interface EventSpec<P extends z.ZodType = z.ZodType> extends EventDefinition<P> {
  readonly name: string;
}

export function defineEvents<T extends Record<string, EventDefinition>>(
  table: T,
): { readonly [K in keyof T]: T[K] & { readonly name: K } } {
  return Object.fromEntries(Object.entries(table).map(([name, spec]) => [name, { ...spec, name }])) as {
    readonly [K in keyof T]: T[K] & { readonly name: K };
  };
}

const at = z.string();
const turnRef = { sessionId: sessionIdSchema, turn: z.number().int() };

export const publicEvents = defineEvents({
  'context:immediate-updated': { summary: 'The focused app, window and recent frames changed.', payload: immediateContextSchema },
  'capture:state-changed': {
    summary: 'Capture was paused, resumed, went idle or private.',
    payload: z.object({ state: captureStateSchema, reason: z.string().nullable() }),
  },
  'capture:error': {
    summary: 'A capture probe or the store failed; capture goes on or pauses.',
    payload: z.object({ at, message: z.string() }),
  },
  'work-session:started': { summary: 'Observation began a work session.', payload: z.object({ workSessionId: z.number().int(), at }) },
  'work-session:ended': {
    summary: 'A work session ended (pause, idle, quit).',
    payload: z.object({ workSessionId: z.number().int(), at, reason: z.string() }),
  },
  'session:context-changed': {
    summary: "A session's context sets changed, or it resumed with context (the context card).",
    payload: contextSetsEventSchema,
  },
  'context:session-updated': {
    summary: "Memory: the work session's tasks, theory, summary or questions changed.",
    payload: z.object({ workSessionId: z.number().int(), at, reason: z.enum(['tasks', 'theory', 'summary', 'question', 'answer']) }),
  },
  'context:summary-generated': {
    summary: 'Memory: a rolling summary, or the final one at the end of a work session.',
    payload: z.object({
      workSessionId: z.number().int(),
      summaryId: z.number().int(),
      kind: z.enum(['rolling', 'final']),
      at,
      tokenCount: z.number().int(),
      engine: z.enum(['llm', 'offline']),
    }),
  },
  'task:boundary': {
    summary: 'Memory: a task ended and another began (or the work session ended).',
    payload: z.object({ workSessionId: z.number().int(), at, endedTask: z.string(), startedTask: z.string().nullable() }),
  },
  'question:asked': {
    summary: 'Memory: a clarifying question for the user.',
    payload: z.object({ id: z.number().int(), workSessionId: z.number().int().nullable(), at, text: z.string(), trigger: z.string() }),
  },
  'memory:error': { summary: 'Memory processing failed; observation goes on.', payload: z.object({ at, message: z.string() }) },
  'session:turn-started': {
    summary: 'A prompt was stored as a turn and its reply is on the way.',
    payload: z.object({ ...turnRef, prompt: z.string(), at }),
  },
  'session:reply-delta': { summary: 'The next piece of a streaming reply.', payload: z.object({ ...turnRef, text: z.string() }) },
  'session:turn-completed': { summary: "A turn's reply is stored.", payload: z.object({ ...turnRef, at }) },
  'session:toc-updated': {
    summary: 'A turn got its table-of-contents line.',
    payload: z.object({ ...turnRef, summary: z.string(), source: z.enum(['llm', 'extractive']) }),
  },
  'session:title-changed': {
    summary: 'The title followed the topic (or the user renamed it).',
    payload: z.object({ sessionId: sessionIdSchema, title: z.string(), turn: z.number().int(), at }),
  },
  'session:status-changed': {
    summary: 'A session became active, paused, completed or interrupted.',
    payload: z.object({ sessionId: sessionIdSchema, status: z.enum(['active', 'paused', 'completed', 'interrupted']) }),
  },
  'session:deleted': {
    summary: 'A session was deleted with its turns, title history, context sets and outputs.',
    payload: z.object({ sessionId: sessionIdSchema }),
  },
  'sync:imported': {
    summary: "Other devices' work came in from the sync folder (the views show it now).",
    payload: z.object({ segments: z.number().int(), records: z.number().int(), at }),
  },
});

export type PublicEvents = typeof publicEvents;
export type PublicEventName = keyof PublicEvents;
export type PublicEventPayload<N extends PublicEventName> = z.output<PublicEvents[N]['payload']>;
export type PublicEventMessage = {
  readonly [N in PublicEventName]: { readonly name: N; readonly payload: PublicEventPayload<N> };
}[PublicEventName];
export const eventNames = Object.keys(publicEvents) as PublicEventName[];

export const isPublicEventName = (name: string): name is PublicEventName => Object.hasOwn(publicEvents, name);

/**
 * The stream `POST /sessions/{id}/messages` answers with `Accept: text/event-stream`: `delta` pieces of
 * the reply, then `done` with the stored turn, or `error` if it failed midway.
 */
export const messageStreamEvents = defineEvents({
  delta: { summary: 'The next piece of the reply.', payload: z.object({ text: z.string() }) },
  done: { summary: 'The reply is stored.', payload: z.object({ turn: turnSchema, session: sessionSchema }) },
  error: { summary: 'The reply failed midway.', payload: z.object({ code: z.string(), message: z.string() }) },
});
export type MessageStreamEventName = keyof typeof messageStreamEvents;
export type MessageStreamPayload<N extends MessageStreamEventName> = z.output<(typeof messageStreamEvents)[N]['payload']>;
