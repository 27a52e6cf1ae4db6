import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { CliError, parseFlags } from '../cli-error';
import { print, printJson } from '../format';
import { withOperations } from '../profile-operations';

const flagsSchema = z.object({ dir: z.string().min(1), json: z.boolean().default(false) });

export function registerImportCommand(program: Command): void {
  program
    .command('import')
    .description('Import a session exported with `shadow export` (same id; refused if it already exists)')
    .argument('<dir>', 'folder holding session.json and messages.jsonl')
    .option('--json', 'print JSON instead of text')
    .action(async (dir: string, raw: Record<string, unknown>) => {
      const flags = parseFlags(flagsSchema, { ...raw, dir });
      const folder = resolve(flags.dir);
      const read = (name: string): string => {
        const file = join(folder, name);
        if (!existsSync(file)) throw new CliError(`${file} is missing; point at a folder written by \`shadow export\`.`, 2);
        return readFileSync(file, 'utf8');
      };
      const files = { 'session.json': read('session.json'), 'messages.jsonl': read('messages.jsonl') };
      await withOperations(async (call) => {
        const session = await call('importSession', { files });
        if (flags.json) return printJson(session);
        print(`Imported ${session.id} "${session.title || '(untitled)'}" with ${session.turnCount} turns.`);
      });
    });
}
