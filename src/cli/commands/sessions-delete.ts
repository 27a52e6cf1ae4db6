import type { Command } from 'commander';
import { z } from 'zod';
import { operations } from '../../shared/contract/index';
import { parseFlags } from '../cli-error';
import { print, printJson } from '../format';
import { withOperations } from '../profile-operations';
import { runningApp } from '../running-app';

const flagsSchema = z.object({ id: operations.deleteSession.input.shape.id, json: z.boolean().default(false) });

/** `shadow sessions delete <id>`: by exact id only, never a fuzzy title, since it cannot be undone. */
export function registerSessionsDeleteCommand(sessions: Command): void {
  sessions
    .command('delete')
    .description('Delete a conversation with its turns, title history, context sets and outputs (cannot be undone)')
    .argument('<id>', 'the session id (ses_…), as `shadow sessions` lists it')
    .option('--json', 'print JSON instead of text')
    .action(async (id: string, raw: Record<string, unknown>) => {
      const flags = parseFlags(flagsSchema, { ...raw, id });
      // The running app deletes when there is one: it knows whether a reply is still streaming, and its
      // window drops the conversation at once.
      const running = runningApp();
      const deleted = running
        ? await running.call('deleteSession', { id: flags.id })
        : await withOperations((call) => call('deleteSession', { id: flags.id }));
      if (flags.json) return printJson(deleted);
      print(`Deleted ${deleted.id} "${deleted.title || '(untitled)'}" and its ${deleted.turns} ${deleted.turns === 1 ? 'turn' : 'turns'}.`);
    });
}
