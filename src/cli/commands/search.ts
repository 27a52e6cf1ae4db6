import type { Command } from 'commander';
import { z } from 'zod';
import {
  deviceFilterSchema,
  intParam,
  sessionStatusSchema,
  sessionTypeSchema,
  timeBoundSchema,
  type ScreenSearchResult,
  type SearchHit,
} from '../../shared/contract/index';
import { localDateOf } from '../../core/time';
import { formatClockTime } from '../../shared/format-clock-time';
import { parseFlags } from '../cli-error';
import { print, printJson } from '../format';
import { withOperations, type CallOperation } from '../profile-operations';

const flagsSchema = z.object({
  query: z.string().trim().min(1, 'give the words to search for').max(500, 'a search is at most 500 characters'),
  screen: z.boolean().default(false),
  sessions: z.boolean().default(false),
  type: sessionTypeSchema.optional(),
  status: sessionStatusSchema.optional(),
  app: z.string().trim().min(1).max(200).optional(),
  from: timeBoundSchema.optional(),
  to: timeBoundSchema.optional(),
  limit: intParam(1, 200).default(20),
  device: deviceFilterSchema.optional(),
  json: z.boolean().default(false),
});
type SearchFlags = z.infer<typeof flagsSchema>;

/**
 * One kind of memory `shadow search` looks through. Each scope has a flag that selects it alone
 * (`--screen`); without any such flag every scope is searched. A new scope (sessions, …) adds an
 * entry here and its flag.
 */
interface SearchScope {
  /** Key in the JSON output and name of the selecting flag. */
  readonly name: 'screen' | 'sessions';
  search(call: CallOperation, flags: SearchFlags): Promise<{ result: unknown; text: string }>;
}

const screenScope: SearchScope = {
  name: 'screen',
  async search(call, flags) {
    const result = await call('searchScreen', {
      q: flags.query,
      app: flags.app,
      from: flags.from,
      to: flags.to,
      limit: flags.limit,
      device: flags.device,
    });
    return { result: { hits: result.hits }, text: formatScreenHits(result, flags) };
  },
};

const sessionsScope: SearchScope = {
  name: 'sessions',
  async search(call, flags) {
    const { hits } = await call('searchAll', {
      q: flags.query,
      type: flags.type,
      status: flags.status,
      from: flags.from,
      to: flags.to,
      screen: false,
      limit: flags.limit,
      device: flags.device,
    });
    return { result: { hits }, text: formatSessionHits(hits, flags) };
  },
};

const scopes: readonly SearchScope[] = [screenScope, sessionsScope];

function formatSessionHits(hits: readonly SearchHit[], flags: SearchFlags): string {
  if (hits.length === 0) return `Sessions: nothing matches "${flags.query}".`;
  const lines = [`Sessions: ${hits.length} hit${hits.length === 1 ? '' : 's'} for "${flags.query}", best first\n`];
  for (const hit of hits) {
    const where = hit.device ? `  [${hit.device.name}]` : '';
    lines.push(`${hit.sessionId} turn ${hit.turn}  ${hit.sessionTitle || '(untitled)'} (${hit.sessionType}, ${hit.sessionStatus})${where}`);
    lines.push(`    ${hit.snippet.replace(/\s+/g, ' ').trim()}`);
  }
  return lines.join('\n');
}

function formatScreenHits(result: ScreenSearchResult, flags: SearchFlags): string {
  const filter = flags.app ? ` in ${flags.app}` : '';
  if (result.hits.length === 0) return `Screen text: nothing matches "${result.query}"${filter}.`;
  const lines = [
    `Screen text: ${result.hits.length} hit${result.hits.length === 1 ? '' : 's'} for "${result.query}"${filter}, best first\n`,
  ];
  for (const hit of result.hits) {
    const time = `${localDateOf(Date.parse(hit.at))} ${formatClockTime(hit.at)}`;
    lines.push(`${time}  ${hit.app}${hit.title ? ` — ${hit.title}` : ''}${hit.device ? `  [${hit.device.name}]` : ''}`);
    lines.push(`    ${hit.snippet.replace(/\s+/g, ' ').trim()}`);
  }
  return lines.join('\n');
}

export function registerSearchCommand(program: Command): void {
  program
    .command('search')
    .description('Search what you saw and did: the text on your screen (OCR) and your conversations, best match first')
    .argument('<query...>', 'words to find; "quoted words" as a phrase, word* for words starting with it')
    .option('--screen', 'search screen text only')
    .option('--sessions', 'search conversations (session turns) only')
    .option('--type <type>', 'sessions of this type only (chat, ticket, …)')
    .option('--status <status>', 'sessions with this status only')
    .option('--app <name>', 'only screen text seen in this app')
    .option('--device <name>', 'only screen text read and conversations held on this device (its name or id)')
    .option('--from <when>', 'from a local day (YYYY-MM-DD) or an ISO date-time')
    .option('--to <when>', 'up to a local day (included) or an ISO date-time')
    .option('--limit <n>', 'at most this many hits per kind (default 20)')
    .option('--json', 'print JSON instead of text')
    .action(async (words: string[], raw: Record<string, unknown>) => {
      const flags = parseFlags(flagsSchema, { ...raw, query: words.join(' ') });
      const selected = scopes.filter((scope) => flags[scope.name]);
      const searched = selected.length > 0 ? selected : scopes;
      const outputs = await withOperations((call) =>
        Promise.all(searched.map(async (scope) => ({ name: scope.name, ...(await scope.search(call, flags)) }))),
      );
      if (flags.json) return printJson({ query: flags.query, ...Object.fromEntries(outputs.map((o) => [o.name, o.result])) });
      print(outputs.map((o) => o.text).join('\n\n'));
    });
}
