import type { Command } from 'commander';
import { z } from 'zod';
import { operations } from '../../shared/contract/index';
import { agoText } from '../../shared/ago-text';
import { parseFlags } from '../cli-error';
import { print, printJson, table } from '../format';
import { withOperations } from '../profile-operations';
import { registerSessionsDeleteCommand } from './sessions-delete';

const listInput = operations.listSessions.input.shape;
const flagsSchema = z.object({
  search: z.string().trim().min(1).max(200).optional(),
  type: listInput.type,
  status: listInput.status,
  limit: listInput.limit,
  device: listInput.device,
  json: z.boolean().default(false),
});

export function registerSessionsCommand(program: Command): void {
  const sessions = program
    .command('sessions')
    .description('Recent conversations: type, title, last active, status and summary (resume one with `shadow resume`)')
    .argument('[search...]', 'words to match against titles (fuzzy), types and summaries')
    .option('--type <type>', 'only this type (chat, ticket, design, support, …)')
    .option('--status <status>', 'only active, paused, completed or interrupted sessions')
    .option('--limit <n>', 'at most this many (default 20)')
    .option('--device <name>', "only this computer's conversations (its name or id)")
    .option('--json', 'print JSON instead of a table')
    .action(async (words: string[], raw: Record<string, unknown>) => {
      const flags = parseFlags(flagsSchema, { ...raw, search: words.length ? words.join(' ') : undefined });
      await withOperations(async (call) => {
        const { sessions: list } = await call('listSessions', {
          q: flags.search,
          type: flags.type,
          status: flags.status,
          limit: flags.limit,
          device: flags.device,
        });
        if (flags.json) return printJson({ sessions: list });
        if (list.length === 0) return print(flags.search ? `No session matches "${flags.search}".` : 'No sessions yet.');
        const now = Date.now();
        const rows = [['ID', 'TYPE', 'STATUS', 'LAST ACTIVE', 'TURNS', 'TITLE']];
        for (const s of list) {
          // Another computer's conversation says whose it is (read-only here; `shadow resume` continues it here).
          const title = `${s.title || '(untitled)'}${s.elsewhere ? ` [on ${s.device?.name ?? 'another computer'}]` : ''}`;
          rows.push([s.id, s.type, s.status, agoText(Date.parse(s.lastActiveAt), now), String(s.turnCount), title]);
        }
        print(table(rows));
        const summarized = list.filter((s) => s.contextSummary);
        if (summarized.length) {
          print('');
          for (const s of summarized.slice(0, 5)) print(`${s.id}: ${s.contextSummary.slice(0, 160)}`);
        }
      });
    });
  registerSessionsDeleteCommand(sessions);
}
