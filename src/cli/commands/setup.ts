import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { z } from 'zod';
import { desktopSetup, GNOME_EXTENSION_EXPLANATION, runDesktopSetupStep } from '../../core/desktop-setup/desktop-setup';
import { KDE_SCREENSHOTS_EXPLANATION } from '../../core/desktop-setup/kde-screenshots';
import type { DesktopSetup } from '../../shared/contract/index';
import { parseFlags } from '../cli-error';
import { print, printError } from '../format';

const flagsSchema = z.object({ yes: z.boolean().default(false) });

function printSetup(setup: DesktopSetup): void {
  const desktop = setup.session === 'wayland' ? `Wayland (${setup.compositor ?? 'unknown compositor'})` : setup.session;
  print(`Desktop: ${desktop}`);
  if (setup.steps.length === 0) print('Nothing to set up: this desktop can be observed as it is.');
  for (const step of setup.steps) {
    print(`${step.title}: ${step.state}`);
    if (step.problem) print(`  ${step.problem}`);
    if (step.action) print(`  Next: ${step.action}`);
  }
}

/** Asks on the terminal; without one the person agrees with --yes. */
async function agreed(flags: { yes: boolean }, question: string): Promise<boolean> {
  if (flags.yes) return true;
  if (!process.stdin.isTTY) {
    printError('Run it in a terminal to answer, or add --yes to agree.');
    return false;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question(`${question} [y/N] `);
  prompt.close();
  return /^y(es)?$/i.test(answer.trim());
}

export function registerSetupCommand(program: Command): void {
  const setup = program
    .command('setup')
    .description(
      "What this desktop needs before Workflow Shadow can observe it (on GNOME: its extension; on KDE Plasma: KWin's screenshot permission)",
    )
    .action(async () => printSetup(await desktopSetup()));
  setup
    .command('gnome')
    .description("Install and turn on Workflow Shadow's GNOME Shell extension, with your consent (docs/desktops.md)")
    .option('--yes', 'agree without being asked')
    .action(async (raw) => {
      const flags = parseFlags(flagsSchema, raw);
      print(GNOME_EXTENSION_EXPLANATION);
      if (!(await agreed(flags, 'Install and turn on the extension?'))) {
        process.exitCode = 1;
        return;
      }
      const after = await runDesktopSetupStep('gnome-extension');
      printSetup(after);
    });
  setup
    .command('kde')
    .description('Let KWin take screenshots for Workflow Shadow on KDE Plasma, with your consent (docs/desktops.md)')
    .option('--yes', 'agree without being asked')
    .action(async (raw) => {
      const flags = parseFlags(flagsSchema, raw);
      print(KDE_SCREENSHOTS_EXPLANATION);
      if (!(await agreed(flags, 'Let KWin take screenshots for Workflow Shadow?'))) {
        process.exitCode = 1;
        return;
      }
      printSetup(await runDesktopSetupStep('kde-screenshots'));
    });
}
