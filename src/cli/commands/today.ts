import type { Command } from 'commander';
import { z } from 'zod';
import { localDateSchema } from '../../shared/contract/index';
import { resolveProfilePaths } from '../../core/config/paths';
import { openDatabase } from '../../core/store/database';
import { ActivityRepository } from '../../core/store/repositories/activity-repository';
import { localDateOf, localDayBounds } from '../../core/time';
import { parseFlags } from '../cli-error';
import { formatDuration, printJson, table } from '../format';

const flagsSchema = z.object({ json: z.boolean().default(false), date: localDateSchema.optional() });

export function registerTodayCommand(program: Command): void {
  program
    .command('today')
    .description("App time for today (or --date): per app and window title, idle and private time excluded")
    .option('--date <YYYY-MM-DD>', 'another local day')
    .option('--json', 'print JSON instead of a table')
    .action((raw) => {
      const flags = parseFlags(flagsSchema, raw);
      const date = flags.date ?? localDateOf(Date.now());
      const db = openDatabase(resolveProfilePaths().database);
      try {
        const appTime = { date, ...new ActivityRepository(db).appTime({ window: localDayBounds(date) }) };
        if (flags.json) return printJson(appTime);
        if (appTime.apps.length === 0) {
          console.log(`No app time recorded on ${date}.`);
          return;
        }
        const total = appTime.totalActiveSeconds || 1;
        const rows: string[][] = [['APP / WINDOW', 'TIME', 'SHARE']];
        for (const app of appTime.apps) {
          rows.push([app.app, formatDuration(app.seconds), `${Math.round((app.seconds / total) * 100)}%`]);
          for (const t of app.titles.slice(0, 5)) rows.push([`  ${t.title || '(untitled)'}`, formatDuration(t.seconds), '']);
        }
        console.log(`App time on ${date}\n`);
        console.log(table(rows));
        console.log(
          `\nActive ${formatDuration(appTime.totalActiveSeconds)} · idle ${formatDuration(appTime.idleSeconds)} · private ${formatDuration(appTime.privateSeconds)}`,
        );
      } finally {
        db.close();
      }
    });
}
