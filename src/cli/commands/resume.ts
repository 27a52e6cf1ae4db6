import type { Command } from 'commander';
import { z } from 'zod';
import { intParam } from '../../shared/contract/index';
import { parseFlags } from '../cli-error';
import { print, printJson } from '../format';
import { findSession, withOperations } from '../profile-operations';
import { runningApp } from '../running-app';

const flagsSchema = z.object({
  session: z.string().trim().min(1).max(200),
  maxHistoryTokens: intParam(200, 1_000_000).optional(),
  history: z.boolean().default(false),
  json: z.boolean().default(false),
});

export function registerResumeCommand(program: Command): void {
  program
    .command('resume')
    .description('Resume a session: print its [RESUMED CONVERSATION] block (and make it active in the running app)')
    .argument('<id|title...>', 'session id, or words of its title (fuzzy)')
    .option('--max-history-tokens <n>', "tokens of history the model's window leaves room for")
    .option('--history', 'also print the history that would be sent to the model')
    .option('--json', 'print JSON instead of text')
    .action(async (words: string[], raw: Record<string, unknown>) => {
      const flags = parseFlags(flagsSchema, { ...raw, session: words.join(' ') });
      const running = runningApp();
      const { view, where } = await withOperations(async (call) => {
        const id = await findSession(call, flags.session);
        const input = { id, maxHistoryTokens: flags.maxHistoryTokens };
        // The running app makes the session active there; without it, the block is what a resume would give.
        if (running) return { view: await running.call('resumeSession', input), where: 'running' as const };
        return { view: await call('previewResume', input), where: 'offline' as const };
      });
      if (flags.json) return printJson({ ...view, resumedInRunningApp: where === 'running' });
      print(view.block);
      if (view.warning) print(`\nWarning: ${view.warning}`);
      if (flags.history) {
        print(`\nHistory to send (${view.summarizedTurns} turns summarized, ${view.wholeTurns} whole):\n`);
        for (const m of view.history) print(`[${m.role}] ${m.content}\n`);
      }
      print(
        where === 'running' && running
          ? `\nThe session ${view.session.id} is active again in the running app. Open it in the window:\n` +
              `http://127.0.0.1:${running.port}/#token=${running.token}&session=${view.session.id}`
          : `\nThe app is not running: start it (\`shadow start\`) and resume ${view.session.id} there to continue.`,
      );
    });
}
