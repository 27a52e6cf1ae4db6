import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { CliError, parseFlags } from '../cli-error';
import { withOperations } from '../profile-operations';
import { print, printJson, write } from '../format';
import { messageOf } from '../../core/util/message-of';

const flagsSchema = z.object({ out: z.string().min(1).optional(), json: z.boolean().default(false) });

export function registerGuideCommand(program: Command): void {
  program
    .command('guide')
    .description('The workflow guide (Markdown): your role, systems, recurring tasks with typical duration and steps, answered questions')
    .option('--out <FILE>', 'write the guide to FILE instead of printing it')
    .option('--json', 'print {markdown, generatedAt} as JSON')
    .action(async (raw) => {
      const flags = parseFlags(flagsSchema, raw);
      const guide = await withOperations((call) => call('getGuide', {}));
      if (flags.out) {
        const file = resolve(flags.out);
        try {
          writeFileSync(file, guide.markdown);
        } catch (error) {
          throw new CliError(`Could not write the guide to ${file}: ${messageOf(error)}. Choose another --out path.`);
        }
        print(`Wrote the workflow guide to ${file}`);
      } else if (flags.json) printJson(guide);
      else write(guide.markdown);
    });
}
