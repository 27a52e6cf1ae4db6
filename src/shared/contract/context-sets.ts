import { z } from 'zod';

/**
 * The context-set schemas that do not depend on sessions, so the sessions contract can take the PATCH
 * fields from here without an import cycle.
 */

export const CONTEXT_SET_MAX_ITEMS = 10;
export const CONTEXT_TOTAL_MAX_ITEMS = 50;
export const CONTEXT_ITEM_MAX_LENGTH = 2048;
export const KNOWN_CONTEXT_SETS = ['files', 'tickets', 'applet', 'endpoints', 'ports'] as const;

export const contextSetNameSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_-]{0,31}$/i, 'a context set name is a word such as files, tickets, applet, endpoints or ports');

export const contextItemsSchema = z
  .array(z.string().max(CONTEXT_ITEM_MAX_LENGTH, `an item is at most ${CONTEXT_ITEM_MAX_LENGTH} characters`))
  .max(CONTEXT_SET_MAX_ITEMS, `a context set holds at most ${CONTEXT_SET_MAX_ITEMS} items`);

/** Set name → items, in the order they were added. */
export const contextSetsSchema = z.record(contextSetNameSchema, contextItemsSchema);
export type ContextSets = z.infer<typeof contextSetsSchema>;

export const contextSetModeSchema = z.enum(['replace', 'merge']);
export type ContextSetMode = z.infer<typeof contextSetModeSchema>;

const oneSetSchema = z.object({ setName: contextSetNameSchema, items: contextItemsSchema }).strict();

/**
 * The context fields of `PATCH /sessions/{id}` (docs/api.md, Context sets): `context` replaces every set,
 * `setContext` replaces one set, `unionContext` merges items into one set.
 */
export const contextSetsPatchShape = {
  context: contextSetsSchema.optional(),
  setContext: oneSetSchema.optional(),
  unionContext: oneSetSchema.optional(),
};
export const contextSetsPatchSchema = z.object(contextSetsPatchShape).strict();
export type ContextSetsPatch = z.infer<typeof contextSetsPatchSchema>;

export const appletRefSchema = z.object({ slug: z.string(), params: z.record(z.string(), z.string()) });
