import { z } from 'zod';
import {
  CONTEXT_SET_MAX_ITEMS,
  CONTEXT_TOTAL_MAX_ITEMS,
  contextItemsSchema,
  contextSetModeSchema,
} from '../../shared/contract/session-context-sets';
import { defineTool, type AssistantTool } from '../llm/assistant-tool';
import type { ContextSetService } from './context-set-service';

const setRelevantContextSchema = z.object({
  setName: z.string().describe('Name of the context set: files, tickets, applet, endpoints, ports, or a custom name'),
  items: contextItemsSchema.describe('Items of the set'),
  mode: contextSetModeSchema.default('replace').describe('"replace" the set (default) or "merge" with what is there'),
});

const getRelevantContextSchema = z.object({
  setName: z.string().optional().describe('One set to read; leave out for every set'),
});

/** The assistant's context-set tools (docs/api.md, Context sets), bound to the context-set service. */
export function contextSetTools(service: ContextSetService): AssistantTool[] {
  const setRelevantContext = defineTool({
    name: 'set_relevant_context',
    description: `Remember context for this session; it is shown to you when the session resumes.

Mode: "replace" (default) replaces the whole set; "merge" adds items not already there (ordered, no duplicates). An empty replace clears the set.
Set names: files (absolute paths), tickets, applet ([slug, "key=value", ...]), endpoints (URLs), ports ("1"-"65535"); other names are allowed but may be typos.
Examples: set_relevant_context("files", ["/home/me/spec.md"]); set_relevant_context("files", ["/home/me/notes.md"], "merge").
At most ${CONTEXT_SET_MAX_ITEMS} items a set and ${CONTEXT_TOTAL_MAX_ITEMS} in all.`,
    schema: setRelevantContextSchema,
    handler: ({ setName, items, mode }, { sessionId }) => {
      const { view } = service.set(sessionId, setName, items, mode);
      const count = view.context[setName]?.length ?? 0;
      const warning = view.warnings.find((w) => w.includes(`"${setName}"`));
      const text = count === 0 ? `Cleared ${setName}` : `${mode === 'merge' ? 'Merged' : 'Set'} ${setName}: ${count} items`;
      return { text: warning ? `${text}. Warning: ${warning}` : text };
    },
  });

  const getRelevantContext = defineTool({
    name: 'get_relevant_context',
    description:
      'Read the context remembered for this session (files, tickets, applet, endpoints, ports). Use it on resume to recall what you were working on. No argument gives every set.',
    schema: getRelevantContextSchema,
    handler: ({ setName }, { sessionId }) => {
      const { context: sets } = service.get(sessionId);
      const result = setName ? { [setName]: sets[setName] ?? [] } : sets;
      return { text: Object.keys(result).length ? JSON.stringify(result, null, 2) : 'No context stored for this session' };
    },
  });

  return [setRelevantContext, getRelevantContext] as AssistantTool[];
}
