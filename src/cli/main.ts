import { Command, CommanderError } from 'commander';
import { VERSION } from '../core/version';
import { CLI_EXIT_CODE, OperationFailed } from '../core/api/operation-errors';
import { CliError } from './cli-error';
import { registerGuideCommand } from './commands/guide';
import { registerMcpCommand } from './commands/mcp';
import { registerEncryptCommand } from './commands/encrypt';
import { registerPrivacyCommand } from './commands/privacy';
import { registerRecordCommand } from './commands/record';
import { registerSearchCommand } from './commands/search';
import { registerSessionsCommand } from './commands/sessions';
import { registerResumeCommand } from './commands/resume';
import { registerTocCommand } from './commands/toc';
import { registerExportCommand } from './commands/export';
import { registerImportCommand } from './commands/import';
import { registerStartCommand } from './commands/start';
import { registerTodayCommand } from './commands/today';
import { registerSyncCommand } from './commands/sync';
import { registerSetupCommand } from './commands/setup';
import { printError, write, writeError } from './format';
import { registerWorkflowCommands } from './commands/workflows';
import { messageOf } from '../core/util/message-of';

const program = new Command('shadow')
  .description('Workflow Shadow: a desktop assistant that shadows your workday and remembers it')
  .version(VERSION)
  .showHelpAfterError('(run with --help for usage)')
  // Usage errors repeat what was typed: they reach the terminal through the same filter as everything else.
  .configureOutput({ writeOut: write, writeErr: writeError })
  .exitOverride();

// A reader that stops early (`shadow today | head`) closes the pipe: the command is done, not failed.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

registerStartCommand(program);
registerTodayCommand(program);
registerGuideCommand(program);
registerRecordCommand(program);
registerSearchCommand(program);
registerSessionsCommand(program);
registerResumeCommand(program);
registerTocCommand(program);
registerExportCommand(program);
registerImportCommand(program);
registerMcpCommand(program);
registerPrivacyCommand(program);
registerEncryptCommand(program);
registerSyncCommand(program);
registerSetupCommand(program);
registerWorkflowCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // Commander has printed its message (unknown option, missing argument…): a usage error exits 2, as
  // docs/api.md says; help and --version exit 0.
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  if (error instanceof CliError) {
    printError(`shadow: ${error.message}`);
    process.exit(error.exitCode);
  }
  if (error instanceof OperationFailed) {
    printError(`shadow: ${error.message}`);
    process.exit(CLI_EXIT_CODE[error.error.kind]);
  }
  printError(`shadow: ${messageOf(error)}`);
  process.exit(1);
}
