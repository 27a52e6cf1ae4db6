import { z } from 'zod';
import { appletContentSchema, appletSlugSchema } from '../../shared/contract/storage';
import { appletContextSetItems } from '../context-sets/context-sets';
import { defineTool, type AssistantTool } from '../llm/assistant-tool';
import type { ContextSetService } from '../context-sets/context-set-service';
import { appletParamsSchema, type AppletStore } from './applet-store';

/** The assistant's applet tools (docs/api.md, Applets); loading one records it in the session's `applet` set. */
export function appletTools(store: AppletStore, contextSets: ContextSetService): AssistantTool[] {
  const saveApplet = defineTool({
    name: 'save_applet',
    description:
      'Save an applet (html, optional js and css) under a slug so it can be opened again later. Saving an existing slug replaces its code and keeps its state.',
    schema: z.object({
      slug: appletSlugSchema.describe('URL-safe identifier, e.g. "git-diff"'),
      name: z.string().min(1).max(100).describe('Human-readable name'),
      description: z.string().max(1000).optional(),
      ...appletContentSchema.shape,
    }),
    handler: ({ slug, name, description, html, js, css }) => {
      const meta = store.save(slug, { name, description, html, js, css });
      return { text: `Applet saved as "${meta.name}" (${meta.slug}), updated ${meta.updatedAt}` };
    },
  });

  const loadApplet = defineTool({
    name: 'load_applet',
    description: "Open a saved applet. Returns its html, js, css and state, and remembers it (with its params) in this session's context.",
    schema: z.object({
      slug: appletSlugSchema,
      params: appletParamsSchema.optional().describe('URL parameters for the applet, e.g. {"path": "/repo"}'),
    }),
    handler: ({ slug, params }, { sessionId }) => {
      const applet = store.load(slug);
      contextSets.set(sessionId, 'applet', appletContextSetItems(slug, params ?? {}), 'replace');
      return {
        text: JSON.stringify({
          slug,
          params: params ?? {},
          name: applet.name,
          html: applet.html,
          js: applet.js,
          css: applet.css,
          state: applet.state,
        }),
      };
    },
  });

  const listApplets = defineTool({
    name: 'list_applets',
    description: 'List the saved applets (slug: name — description).',
    schema: z.object({}),
    handler: () => {
      const applets = store.list();
      return {
        text: applets.length
          ? applets.map((a) => `${a.slug}: ${a.name}${a.description ? ` — ${a.description}` : ''}`).join('\n')
          : 'No applets saved yet',
      };
    },
  });

  return [saveApplet, loadApplet, listApplets] as AssistantTool[];
}
