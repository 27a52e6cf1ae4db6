import type { Command } from 'commander';
import { z } from 'zod';
import { intParam, resumeSchema, type ResumeView } from '../../shared/contract/index';
import { loadOrCreateApiToken } from '../../core/config/api-token';
import { resolveProfilePaths } from '../../core/config/paths';
import { readRuntimeInfo } from '../../core/config/runtime-info';
import { CliError, parseFlags } from '../cli-error';
import { print, printJson } from '../format';
import { findSession, withOperations } from '../profile-operations';

const flagsSchema = z.object({
  session: z.string().trim().min(1).max(200),
  maxHistoryTokens: intParam(200, 1_000_000).optional(),
  history: z.boolean().default(false),
  json: z.boolean().default(false),
});

/** Resumes in the running app (it makes the session active there) and returns what it answered. */
async function resumeInRunningApp(port: number, token: string, id: string, maxHistoryTokens: number | undefined): Promise<ResumeView> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/sessions/${encodeURIComponent(id)}/resume`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(maxHistoryTokens ? { maxHistoryTokens } : {}),
  });
  const body = await res.json();
  if (!res.ok) throw new CliError(`The running app refused to resume ${id}: ${JSON.stringify(body)}`);
  return resumeSchema.parse(body);
}

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
      const running = readRuntimeInfo(resolveProfilePaths());
      const token = running ? loadOrCreateApiToken(resolveProfilePaths().apiToken) : '';
      const { view, where } = await withOperations(async (call) => {
        const id = await findSession(call, flags.session);
        if (running) return { view: await resumeInRunningApp(running.port, token, id, flags.maxHistoryTokens), where: 'running' as const };
        return { view: await call('previewResume', { id, maxHistoryTokens: flags.maxHistoryTokens }), where: 'offline' as const };
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
              `http://127.0.0.1:${running.port}/#token=${token}&session=${view.session.id}`
          : `\nThe app is not running: start it (\`shadow start\`) and resume ${view.session.id} there to continue.`,
      );
    });
}
