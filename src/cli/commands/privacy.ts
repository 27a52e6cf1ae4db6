import type { Command } from 'commander';
import { z } from 'zod';
import { operations, type PrivacyReport, type PrivacyStatus } from '../../shared/contract/index';
import { formatBytes } from '../../shared/format-bytes';
import { formatDuration } from '../../shared/format-duration';
import { parseFlags } from '../cli-error';
import { print, printJson, table } from '../format';
import { withOperations } from '../profile-operations';
import { replayedDayNote } from './today';

const flagsSchema = z.object({ json: z.boolean().default(false), date: operations.privacyReport.input.shape.date });

const KIND_LABELS: Record<keyof PrivacyReport['redactions']['byKind'], string> = {
  card: 'card numbers',
  iban: 'IBANs',
  'national-id': 'national ids',
  secret: 'keys and tokens',
  password: 'passwords',
  custom: 'your patterns and words',
};

function keySourceText(source: PrivacyStatus['store']['keySource']): string {
  if (source === 'environment') return 'key from SHADOW_DB_KEY';
  if (source === 'key-file') return 'key from the key file';
  if (source === 'keychain') return "key kept by the system's keychain";
  return 'key';
}

function localOnlyText({ enabled, source }: PrivacyStatus['localOnly']): string {
  if (source === 'setting') return `${enabled ? 'on' : 'off'} (settings.json)`;
  return enabled
    ? 'on (the default while no LLM is configured)'
    : 'off (the default once an LLM is configured; turn it on to refuse endpoints not on this machine)';
}

function statusLines(status: PrivacyStatus): string[][] {
  const { localOnly, store, redaction } = status;
  const custom = [
    redaction.customPatterns > 0 ? `${redaction.customPatterns} pattern(s)` : '',
    redaction.customWords > 0 ? `${redaction.customWords} word(s)` : '',
  ].filter(Boolean);
  return [
    ['Where data may go', status.dataMayGoTo],
    ['Local-only', localOnlyText(localOnly)],
    ['Store', store.encrypted ? `encrypted (${keySourceText(store.keySource)})` : (store.warning ?? 'not encrypted')],
    [
      'Kept screenshots',
      store.keepScreenshots ? (store.framesEncrypted ? 'kept, encrypted' : 'kept, NOT encrypted') : 'not kept (frames stay in memory)',
    ],
    [
      'Redaction',
      redaction.enabled
        ? `on: ${redaction.kinds.filter((k) => k !== 'custom').join(', ')}${custom.length ? ` + ${custom.join(', ')}` : ''}`
        : 'OFF: secrets on screen are stored and may reach an LLM',
    ],
  ];
}

function printReport(report: PrivacyReport): void {
  print(`Privacy on ${report.date}\n`);
  print(table(statusLines(report.status)));

  const rules = report.excluded.byRule.map((r) => `${r.rule} ${formatDuration(r.seconds)}`).join(', ');
  const reasons = report.framesDropped.byReason.map((r) => `${r.reason} ${r.count}`).join(', ');
  print('\nKept out\n');
  print(
    table([
      ['Time in excluded windows', `${formatDuration(report.excluded.seconds)}${rules ? ` (${rules})` : ''}`],
      ['Screenshots dropped', `${report.framesDropped.total}${reasons ? ` (${reasons})` : ''}`],
      ['Windows blacked out', String(report.regionsBlackedOut)],
    ]),
  );

  const { redactions } = report;
  print(`\nRedacted (counts only, never the values): ${redactions.total}\n`);
  if (redactions.total > 0) {
    const rows = Object.entries(redactions.byKind)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => [KIND_LABELS[kind as keyof typeof KIND_LABELS], String(n)]);
    print(table([['WHAT', 'COUNT'], ...rows]));
    const where = redactions.byChannel;
    print(
      `\nin screen text ${where['screen-text']} · window titles ${where['window-titles']} · requests to an LLM ${where['llm-requests']}`,
    );
  }

  const { llm } = report;
  print('\nSent to an LLM\n');
  if (llm.calls === 0) {
    print('No call to an LLM.');
  } else {
    print(
      `${llm.calls} call(s): ${llm.answered} answered, ${llm.fellBack} answered offline after a failure, ${llm.refused} refused by local-only · ` +
        `${llm.promptTokens} tokens sent, ${llm.completionTokens} received · ${llm.imagesSent} screenshot(s) sent (${formatBytes(llm.imageBytes)}), ${llm.imagesWithheld} withheld`,
    );
    print(
      `\n${table([['ENDPOINT', 'CALLS', 'TOKENS SENT', 'TOKENS RECEIVED'], ...llm.endpoints.map((e) => [e.endpoint, String(e.calls), String(e.promptTokens), String(e.completionTokens)])])}`,
    );
  }
  print('\nRead by agents over MCP\n');
  if (report.agentReads.length === 0) print('No agent read anything.');
  else
    print(
      table([
        ['AGENT', 'TOOL', 'CALLS', 'TOKENS', 'BYTES', 'LARGEST', 'PAGED'],
        ...report.agentReads.map((r) => [
          `${r.agent} (${r.transport})`,
          r.tool,
          String(r.calls),
          String(r.tokens),
          formatBytes(r.bytes),
          `${r.largestTokens} tokens`,
          String(r.paged),
        ]),
      ]),
    );
}

export function registerPrivacyCommand(program: Command): void {
  program
    .command('privacy')
    .description(
      'What was kept private today (or --date): time in excluded windows, screenshots dropped, windows blacked out, strings redacted by kind, what went to an LLM, what agents read over MCP; whether the store is encrypted',
    )
    .option('--date <YYYY-MM-DD>', 'another local day')
    .option('--json', 'print JSON instead of text')
    .action(async (raw) => {
      const flags = parseFlags(flagsSchema, raw);
      const [report, inView] = await withOperations((call) =>
        Promise.all([call('privacyReport', { date: flags.date }), call('dayInView', {})]),
      );
      if (flags.json) printJson(report);
      else {
        if (!flags.date && inView.replayed) print(replayedDayNote(inView.date));
        printReport(report);
      }
    });
}
