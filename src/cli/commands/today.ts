import type { Command } from 'commander';
import { z } from 'zod';
import { localDateSchema } from '../../shared/contract/index';
import { resolveProfilePaths } from '../../core/config/paths';
import { openDatabase } from '../../core/store/database';
import { ActivityRepository } from '../../core/store/repositories/activity-repository';
import { MemorySummaryRepository } from '../../core/store/repositories/memory-summary-repository';
import { MemoryTaskRepository } from '../../core/store/repositories/memory-task-repository';
import { localDateOf, localDayBounds } from '../../core/time';
import { parseFlags } from '../cli-error';
import { formatClockTime } from '../../shared/format-clock-time';
import { formatDuration } from '../../shared/format-duration';
import { printJson, table } from '../format';

const flagsSchema = z.object({ json: z.boolean().default(false), date: localDateSchema.optional() });

export function registerTodayCommand(program: Command): void {
  program
    .command('today')
    .description('Today (or --date): app time per app and window title (idle and private excluded), the tasks, and the latest work-session summary')
    .option('--date <YYYY-MM-DD>', 'another local day')
    .option('--json', 'print JSON instead of a table')
    .action((raw) => {
      const flags = parseFlags(flagsSchema, raw);
      const date = flags.date ?? localDateOf(Date.now());
      const db = openDatabase(resolveProfilePaths().database);
      try {
        const day = localDayBounds(date);
        const appTime = { date, ...new ActivityRepository(db).appTime({ window: day }) };
        const tasks = new MemoryTaskRepository(db).listTasksIn(day);
        const latestSummary = new MemorySummaryRepository(db).latestIn(day);
        if (flags.json) return printJson({ ...appTime, tasks, latestSummary });
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
        if (tasks.length > 0) {
          const taskRows: string[][] = [['TIME', 'TASK', 'DURATION', 'APPS']];
          for (const t of tasks) {
            const span = `${formatClockTime(t.startedAt)}–${t.endedAt ? formatClockTime(t.endedAt) : 'now'}`;
            taskRows.push([span, t.name, formatDuration(t.durationSeconds), t.apps.join(', ')]);
          }
          console.log(`\nTasks (${tasks.length})\n`);
          console.log(table(taskRows));
        }
        if (latestSummary) {
          console.log(`\nLatest summary (${latestSummary.kind}, ${formatClockTime(latestSummary.at)})\n`);
          console.log(latestSummary.text);
        }
      } finally {
        db.close();
      }
    });
}
