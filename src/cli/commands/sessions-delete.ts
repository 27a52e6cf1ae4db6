import type { Command } from 'commander';
import { z } from 'zod';
import { operations, type OperationOutput, type Operations } from '../../shared/contract/index';
import { loadOrCreateApiToken } from '../../core/config/api-token';
import { resolveProfilePaths } from '../../core/config/paths';
import { readRuntimeInfo } from '../../core/config/runtime-info';
import { CliError, parseFlags } from '../cli-error';
import { print, printJson } from '../format';
import { withOperations } from '../profile-operations';

type Deleted = OperationOutput<Operations['deleteSession']>;

const flagsSchema = z.object({ id: operations.deleteSession.input.shape.id, json: z.boolean().default(false) });

/**
 * Deletes in the running app when there is one: it knows whether a reply is still streaming, and its
 * window drops the conversation at once.
 */
async function deleteInRunningApp(port: number, token: string, id: string): Promise<Deleted> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { error?: { message?: string } };
  if (!res.ok) throw new CliError(body.error?.message ?? `The running app answered ${res.status}.`, res.status === 400 ? 2 : 1);
  return operations.deleteSession.output.parse(body);
}

/** `shadow sessions delete <id>`: by exact id only, never a fuzzy title, since it cannot be undone. */
export function registerSessionsDeleteCommand(sessions: Command): void {
  sessions
    .command('delete')
    .description('Delete a conversation with its turns, title history, context sets and outputs (cannot be undone)')
    .argument('<id>', 'the session id (ses_…), as `shadow sessions` lists it')
    .option('--json', 'print JSON instead of text')
    .action(async (id: string, raw: Record<string, unknown>) => {
      const flags = parseFlags(flagsSchema, { ...raw, id });
      const paths = resolveProfilePaths();
      const running = readRuntimeInfo(paths);
      const deleted = running
        ? await deleteInRunningApp(running.port, loadOrCreateApiToken(paths.apiToken), flags.id)
        : await withOperations((call) => call('deleteSession', { id: flags.id }));
      if (flags.json) return printJson(deleted);
      print(`Deleted ${deleted.id} "${deleted.title || '(untitled)'}" and its ${deleted.turns} ${deleted.turns === 1 ? 'turn' : 'turns'}.`);
    });
}
