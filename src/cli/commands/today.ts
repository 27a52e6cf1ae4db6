import type { Command } from 'commander';
import { z } from 'zod';
import { operations, type DayOverview, type StorageMeter } from '../../shared/contract/index';
import { formatStorageLine } from '../../shared/format-bytes';
import { parseFlags } from '../cli-error';
import { formatClockTime } from '../../shared/format-clock-time';
import { formatDuration } from '../../shared/format-duration';
import { printJson, table } from '../format';
import { withOperations } from '../profile-operations';

const flagsSchema = z.object({ json: z.boolean().default(false), date: operations.dayOverview.input.shape.date });

function printDay(day: DayOverview): void {
  if (day.apps.length === 0) {
    console.log(`No app time recorded on ${day.date}.`);
    return;
  }
  const total = day.totalActiveSeconds || 1;
  const rows: string[][] = [['APP / WINDOW', 'TIME', 'SHARE']];
  for (const app of day.apps) {
    rows.push([app.app, formatDuration(app.seconds), `${Math.round((app.seconds / total) * 100)}%`]);
    for (const t of app.titles.slice(0, 5)) rows.push([`  ${t.title || '(untitled)'}`, formatDuration(t.seconds), '']);
  }
  console.log(`App time on ${day.date}\n`);
  console.log(table(rows));
  console.log(
    `\nActive ${formatDuration(day.totalActiveSeconds)} · idle ${formatDuration(day.idleSeconds)} · private ${formatDuration(day.privateSeconds)}`,
  );
  if (day.tasks.length > 0) {
    const taskRows: string[][] = [['TIME', 'TASK', 'DURATION', 'APPS']];
    for (const t of day.tasks) {
      const span = `${formatClockTime(t.startedAt)}–${t.endedAt ? formatClockTime(t.endedAt) : 'now'}`;
      taskRows.push([span, t.name, formatDuration(t.durationSeconds), t.apps.join(', ')]);
    }
    console.log(`\nTasks (${day.tasks.length})\n`);
    console.log(table(taskRows));
  }
  if (day.latestSummary) {
    console.log(`\nLatest summary (${day.latestSummary.kind}, ${formatClockTime(day.latestSummary.at)})\n`);
    console.log(day.latestSummary.text);
  }
}

function printStorage(meter: StorageMeter): void {
  const kept = meter.oldestScreenTextDay ? ` · screen text since ${meter.oldestScreenTextDay}` : '';
  console.log(`\nStorage: ${formatStorageLine(meter)}${kept}`);
}

export function registerTodayCommand(program: Command): void {
  program
    .command('today')
    .description(
      'Today (or --date): app time per app and window title (idle and private excluded), the tasks, and the latest work-session summary',
    )
    .option('--date <YYYY-MM-DD>', 'another local day')
    .option('--json', 'print JSON instead of a table')
    .action(async (raw) => {
      const flags = parseFlags(flagsSchema, raw);
      const [day, storage] = await withOperations((call) =>
        Promise.all([call('dayOverview', { date: flags.date }), call('storageMeter', {})]),
      );
      if (flags.json) printJson(day);
      else {
        printDay(day);
        printStorage(storage);
      }
    });
}
