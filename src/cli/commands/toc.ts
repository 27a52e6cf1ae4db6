import type { Command } from 'commander';
import { z } from 'zod';
import { parseFlags } from '../cli-error';
import { print, printJson } from '../format';
import { findSession, withOperations } from '../profile-operations';

const flagsSchema = z.object({ session: z.string().trim().min(1).max(200), json: z.boolean().default(false) });

export function registerTocCommand(program: Command): void {
  program
    .command('toc')
    .description("A session's table of contents: one line per turn")
    .argument('<id|title...>', 'session id, or words of its title (fuzzy)')
    .option('--json', 'print JSON instead of text')
    .action(async (words: string[], raw: Record<string, unknown>) => {
      const flags = parseFlags(flagsSchema, { ...raw, session: words.join(' ') });
      await withOperations(async (call) => {
        const toc = await call('sessionToc', { id: await findSession(call, flags.session) });
        if (flags.json) return printJson(toc);
        print(`${toc.sessionTitle || '(untitled)'} — ${toc.sessionId}, ${toc.totalTurns} turns\n`);
        print(toc.formatted || '(no turns yet)');
      });
    });
}
