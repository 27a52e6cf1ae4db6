import { existsSync, writeFileSync } from 'node:fs';
import { messageOf } from '../../core/util/message-of';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { eventLogFormatSchema, localDateSchema } from '../../shared/contract/index';
import { formatDuration } from '../../shared/format-duration';
import { CliError, parseFlags } from '../cli-error';
import { print, printJson } from '../format';
import { withOperations } from '../profile-operations';

const rangeFlags = { from: localDateSchema.optional(), to: localDateSchema.optional() };

const listFlags = z.object({ ...rangeFlags, json: z.boolean().default(false) });
const logFlags = z.object({
  ...rangeFlags,
  format: eventLogFormatSchema,
  out: z.string().min(1, 'give the file to write with --out'),
  force: z.boolean().default(false),
});

const percent = (share: number): string => `${Math.round(share * 100)}%`;

export function registerWorkflowCommands(program: Command): void {
  program
    .command('workflows')
    .description(
      'The work that repeats across days: each kind of item, its steps, how often and how long, its variants and what is in flight',
    )
    .option('--from <YYYY-MM-DD>', 'first day (default: six days before --to)')
    .option('--to <YYYY-MM-DD>', 'last day, inclusive (default: today)')
    .option('--json', 'print the workflows as JSON')
    .action(async (raw) => {
      const flags = parseFlags(listFlags, raw);
      const list = await withOperations((call) => call('listWorkflows', { from: flags.from, to: flags.to }));
      if (flags.json) return printJson(list);
      if (list.workflows.length === 0) {
        print(
          `No work repeated from ${list.from} to ${list.to}: a workflow needs the same kind of item to go through the same steps twice.`,
        );
        return;
      }
      print(`Workflows from ${list.from} to ${list.to}:`);
      for (const w of list.workflows) {
        print(`\n${w.name}`);
        print(
          `  ${w.occurrences.total} times (${w.occurrences.perDay.map((d) => `${d.date} ${d.count}`).join(', ')}); typically ${formatDuration(w.duration.medianSeconds)} of work`,
        );
        for (const v of w.variants) print(`  ${v.usual ? 'usual' : v.name}: ${v.cases} (${percent(v.share)})`);
        if (w.inFlight.length) print(`  in flight: ${w.inFlight.map((i) => i.name).join(', ')}`);
      }
    });

  program
    .command('export-log')
    .description('Write the cases of a range of days as an event log for process-mining tools: XES (IEEE 1849) or OCEL 2.0 JSON')
    .option('--from <YYYY-MM-DD>', 'first day (default: six days before --to)')
    .option('--to <YYYY-MM-DD>', 'last day, inclusive (default: today)')
    .requiredOption('--format <xes|ocel>', 'xes: a trace per work item; ocel: events tied to every item they touched')
    .requiredOption('--out <FILE>', 'the file to write')
    .option('--force', 'replace the file if it exists')
    .action(async (raw) => {
      const flags = parseFlags(logFlags, raw);
      const file = resolve(flags.out);
      if (existsSync(file) && !flags.force) throw new CliError(`${file} exists; choose another --out or add --force to replace it.`, 2);
      const log = await withOperations((call) => call('exportEventLog', { from: flags.from, to: flags.to, format: flags.format }));
      try {
        writeFileSync(file, log.content);
      } catch (error) {
        throw new CliError(`Could not write the event log to ${file}: ${messageOf(error)}. Choose another --out path.`);
      }
      print(`Wrote ${log.format.toUpperCase()} with ${log.cases} cases and ${log.events} events (${log.from} to ${log.to}) to ${file}`);
    });
}
