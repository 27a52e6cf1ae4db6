import { z } from 'zod';
import { contextItemsSchema, contextSetModeSchema, contextSetNameSchema, type ContextSetsView } from '../../shared/contract/index';
import { callOperation, defineTool } from './mcp-tool';
import { resolveSessionId, sessionIdArg } from './session-tools';

const describeContextSets = (view: ContextSetsView, only?: string): string => {
  const sets = Object.entries(view.context).filter(([name]) => !only || name === only);
  if (sets.length === 0) return only ? `The set "${only}" is empty.` : 'No context stored for this session.';
  const lines = sets.map(([name, items]) => `${name}: ${items.join(', ')}`);
  if (view.missingFiles.length) lines.push(`(${view.missingFiles.length} files not found: ${view.missingFiles.join(', ')})`);
  for (const warning of view.warnings) lines.push(`Warning: ${warning}`);
  return lines.join('\n');
};

export const getRelevantContextTool = defineTool({
  name: 'get_relevant_context',
  title: 'Get relevant context',
  description:
    'The context sets remembered for a session (files, tickets, applet, endpoints, ports, custom sets): what the user was working with. Leave out set_name for every set.',
  input: z.object({ session_id: sessionIdArg, set_name: contextSetNameSchema.optional() }),
  async run(ctx, args) {
    const view = await callOperation(ctx, 'getSessionContext', { id: await resolveSessionId(ctx, args.session_id) });
    return { text: describeContextSets(view, args.set_name), structured: view };
  },
});

export const setRelevantContextTool = defineTool({
  name: 'set_relevant_context',
  title: 'Set relevant context',
  description:
    'Remember context for a session, shown when it resumes. mode "replace" (default) replaces the set, "merge" adds items not already there. Sets: files (absolute paths), tickets, applet ([slug, "key=value", …]), endpoints (URLs), ports; other names allowed with a warning. At most 10 items a set and 50 in all.',
  input: z.object({
    session_id: sessionIdArg,
    set_name: contextSetNameSchema,
    items: contextItemsSchema,
    mode: contextSetModeSchema.default('replace'),
  }),
  async run(ctx, args) {
    const id = await resolveSessionId(ctx, args.session_id);
    const change = { setName: args.set_name, items: args.items };
    await callOperation(ctx, 'updateSession', args.mode === 'merge' ? { id, unionContext: change } : { id, setContext: change });
    const view = await callOperation(ctx, 'getSessionContext', { id });
    return { text: `${args.mode === 'merge' ? 'Merged into' : 'Set'} ${args.set_name}.\n${describeContextSets(view)}`, structured: view };
  },
});
