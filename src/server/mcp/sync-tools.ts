import { z } from 'zod';
import { callOperation, defineTool, type McpToolDeps } from './mcp-tool';

/** This computer's device id: what a tool passes as `device` to mean "the work going on here". */
export async function thisDeviceId(ctx: McpToolDeps): Promise<string> {
  return (await callOperation(ctx, 'syncStatus', {})).device.id;
}

export const listDevicesTool = defineTool({
  name: 'list_devices',
  title: 'Devices',
  description:
    "The computers whose work this memory holds (synced through a folder, docs/sync.md): each device's name and id (app_time and search_screen take either as `device`), how much of its work is here and when it was last imported, and any sync problem.",
  input: z.object({}),
  async run(ctx) {
    const status = await callOperation(ctx, 'syncStatus', {});
    const lines = [
      status.folder ? `Synced through ${status.folder}.` : 'Sync is off: this memory holds this computer only.',
      ...status.devices.map(
        (d) =>
          `- ${d.name} (${d.id})${d.local ? ', this computer' : d.trust === 'trusted' ? `, last imported ${d.lastImportAt ?? 'never'}` : `, ${d.trust === 'pending' ? 'waiting for the person to trust it' : 'refused'} (nothing of it imported)`}: ${d.workSessions} work sessions`,
      ),
      ...status.problems.map((p) => `Problem (${p.kind}): ${p.message}`),
    ];
    return { text: lines.join('\n'), structured: status };
  },
});
