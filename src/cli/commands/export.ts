import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { CliError, parseFlags } from '../cli-error';
import { print, printJson } from '../format';
import { findSession, withOperations } from '../profile-operations';

const flagsSchema = z.object({
  session: z.string().trim().min(1).max(200),
  out: z.string().min(1, 'give the folder to write with --out'),
  json: z.boolean().default(false),
});

export function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description('Export a session as session.json, messages.jsonl and transcript.md in a folder')
    .argument('<id|title...>', 'session id, or words of its title (fuzzy)')
    .requiredOption('--out <dir>', 'folder to write (created; must be empty if it exists)')
    .option('--json', 'print JSON instead of text')
    .action(async (words: string[], raw: Record<string, unknown>) => {
      const flags = parseFlags(flagsSchema, { ...raw, session: words.join(' ') });
      const dir = resolve(flags.out);
      if (existsSync(dir) && readdirSync(dir).length > 0) throw new CliError(`${dir} is not empty; choose a new or empty folder.`, 2);
      await withOperations(async (call) => {
        const id = await findSession(call, flags.session);
        const { files } = await call('exportSession', { id });
        mkdirSync(dir, { recursive: true });
        for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
        if (flags.json) return printJson({ sessionId: id, dir, files: Object.keys(files) });
        print(`Exported ${id} to ${dir} (${Object.keys(files).join(', ')}).`);
      });
    });
}
