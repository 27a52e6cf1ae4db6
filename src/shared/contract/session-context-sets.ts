import { z } from 'zod';
import { appletRefSchema, contextSetsSchema } from './context-sets';
import { defineOperation, defineOperations } from './define';
import { sessionIdSchema } from './sessions';

/** A session's context sets as the API shows them: the view, its operation and its event (the set schemas are in context-sets.ts). */
export * from './context-sets';

export const contextSetsViewSchema = z.object({
  sessionId: sessionIdSchema,
  context: contextSetsSchema,
  totalItems: z.number().int(),
  /** The `applet` set read as slug and params. */
  applet: appletRefSchema.nullable(),
  updatedAt: z.string().nullable(),
  /** Set names that are not one of the known ones (probably a typo). */
  warnings: z.array(z.string()),
  /** What a resumed session is told: the sets, with files that no longer exist left out and counted. */
  resumeText: z.string(),
  missingFiles: z.array(z.string()),
});
export type ContextSetsView = z.infer<typeof contextSetsViewSchema>;

export const contextSetOperations = defineOperations({
  getSessionContext: defineOperation({
    method: 'GET',
    path: '/sessions/{id}/context',
    summary: 'The context sets of a session (files, tickets, applet, endpoints, ports, custom sets).',
    input: z.object({ id: sessionIdSchema }).strict(),
    output: contextSetsViewSchema,
  }),
});

/**
 * Payload of the `session:context-changed` event (the context card): sent on every change and when
 * a session resumes, with what was added and removed per set.
 */
export const contextSetsEventSchema = z.object({
  sessionId: sessionIdSchema,
  reason: z.enum(['changed', 'resume']),
  context: contextSetsSchema,
  added: z.record(z.string(), z.array(z.string())),
  removed: z.record(z.string(), z.array(z.string())),
  applet: appletRefSchema.nullable(),
  /** Files of the `files` set that no longer exist (checked on resume). */
  missingFiles: z.array(z.string()),
  at: z.string(),
});
export type ContextSetsEvent = z.infer<typeof contextSetsEventSchema>;
