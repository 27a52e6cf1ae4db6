import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { systemClock } from '../../core/clock';
import { resolveProfilePaths } from '../../core/config/paths';
import { loadSettings } from '../../core/config/settings';
import { DayRecorder } from '../../core/observe/recorder';
import { createRedactor } from '../../core/privacy/redactor';
import { createDesktopSource } from '../../core/observe/sources/create-desktop-source';
import { decimalParam, intParam } from '../../shared/contract/define';
import { parseFlags } from '../cli-error';
import { print, printError } from '../format';

const flagsSchema = z.object({
  out: z.string().min(1, 'give the folder to record into'),
  duration: decimalParam(0.001, 86_400).optional(),
  interval: decimalParam(1, 3600).optional(),
  pollMs: intParam(50, 10_000).default(1000),
  description: z.string().max(500).optional(),
});

export function registerRecordCommand(program: Command): void {
  program
    .command('record')
    .description('Record the desktop as a replayable day (events + screenshots) for demos, tests and benchmarks')
    .requiredOption('--out <dir>', 'empty folder to write manifest.json, events.jsonl and images/ into')
    .option('--duration <seconds>', 'stop after this long (default: until Ctrl+C)')
    .option('--interval <seconds>', 'seconds between screenshots (default: the profile setting)')
    .option('--poll-ms <ms>', 'how often the active window is read', '1000')
    .option('--description <text>', 'a note stored in the manifest')
    .action((raw) => {
      const flags = parseFlags(flagsSchema, raw);
      const settings = loadSettings(resolveProfilePaths().settings);
      const out = resolve(flags.out);
      const redactor = createRedactor(settings.redaction);
      const recorder = new DayRecorder(createDesktopSource(), out, systemClock, {
        captureIntervalSec: flags.interval ?? settings.captureIntervalSec,
        pollIntervalMs: flags.pollMs,
        exclusions: settings.exclusions,
        redactTitle: (title) => redactor.redact(title).text,
        description: flags.description,
      });
      let failures = 0;
      const tick = (): void => {
        recorder.tick().catch((error: Error) => {
          if (failures++ < 3) printError(`record: ${error.message} (recording goes on)`);
        });
      };
      const timer = setInterval(tick, flags.pollMs);
      // The day starts now: its first window must be recorded at the start, not one poll later.
      tick();
      print(`Recording the desktop into ${out}${flags.duration ? ` for ${flags.duration}s` : ''}. Ctrl+C stops.`);
      const finish = (): void => {
        clearInterval(timer);
        const manifest = recorder.finish();
        print(`Recorded ${recorder.eventsWritten} events from ${manifest.startedAt} to ${manifest.endedAt}.`);
        print(`Replay it with: shadow start --headless --replay ${out}`);
        process.exit(0);
      };
      process.once('SIGINT', finish);
      process.once('SIGTERM', finish);
      if (flags.duration) setTimeout(finish, flags.duration * 1000);
    });
}
