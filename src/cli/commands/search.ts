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
import { CliError, parseFlags } from '../cli-error';
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
  cursor: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,6})?~\d{1,15}$/, 'a cursor is the one an earlier `shadow search` printed for its next page')
    .optional(),
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
  /** Whether a `--cursor` is one of this scope's (each scope's operation has its own form). */
  owns(cursor: string): boolean;
  search(call: CallOperation, flags: SearchFlags): Promise<{ result: unknown; text: string }>;
}

/** "showing 20 of 96" (later pages "showing 21–40 of 96"), of "at least 2000" when only the newest matches were counted. */
function showing(flags: SearchFlags, shown: number, total: number, exact: boolean): string {
  const all = exact ? `${total}` : `at least ${total}`;
  const offset = flags.cursor ? Number(flags.cursor.split(/[.~]/)[0]) : 0;
  if (offset === 0 && shown === total && exact) return `${total} ${total === 1 ? 'hit' : 'hits'}`;
  return offset === 0 ? `showing ${shown} of ${all} hits` : `showing ${offset + 1}–${offset + shown} of ${all} hits`;
}

/** The command that brings the next page. */
function nextPage(flags: SearchFlags, scope: SearchScope['name'], cursor: string | null): string {
  if (!cursor) return '';
  const quoted = /^[\w.*-]+$/.test(flags.query) ? flags.query : `"${flags.query.replace(/"/g, '\\"')}"`;
  return `\nNext ${flags.limit}: shadow search ${quoted} --${scope} --cursor ${cursor}`;
}

const screenScope: SearchScope = {
  name: 'screen',
  owns: (cursor) => !cursor.includes('.'),
  async search(call, flags) {
    const result = await call('searchScreen', {
      q: flags.query,
      app: flags.app,
      from: flags.from,
      to: flags.to,
      limit: flags.limit,
      device: flags.device,
      cursor: flags.cursor,
    });
    const { hits, total, totalExact, nextCursor } = result;
    return { result: { hits, total, totalExact, nextCursor }, text: formatScreenHits(result, flags) };
  },
};

const sessionsScope: SearchScope = {
  name: 'sessions',
  owns: (cursor) => cursor.includes('.'),
  async search(call, flags) {
    const { hits, total, nextCursor } = await call('searchAll', {
      q: flags.query,
      type: flags.type,
      status: flags.status,
      from: flags.from,
      to: flags.to,
      screen: false,
      limit: flags.limit,
      device: flags.device,
      cursor: flags.cursor,
    });
    return { result: { hits, total, nextCursor }, text: formatSessionHits({ hits, total, nextCursor }, flags) };
  },
};

const scopes: readonly SearchScope[] = [screenScope, sessionsScope];

function formatSessionHits(
  { hits, total, nextCursor }: { hits: readonly SearchHit[]; total: number; nextCursor: string | null },
  flags: SearchFlags,
): string {
  if (total === 0) return `Sessions: nothing matches "${flags.query}".`;
  if (hits.length === 0) return `Sessions: no more hits for "${flags.query}" (${total} in all).`;
  const lines = [`Sessions: ${showing(flags, hits.length, total, true)} for "${flags.query}", best first\n`];
  for (const hit of hits) {
    const where = hit.device ? `  [${hit.device.name}]` : '';
    lines.push(`${hit.sessionId} turn ${hit.turn}  ${hit.sessionTitle || '(untitled)'} (${hit.sessionType}, ${hit.sessionStatus})${where}`);
    lines.push(`    ${hit.snippet.replace(/\s+/g, ' ').trim()}`);
  }
  return lines.join('\n') + nextPage(flags, 'sessions', nextCursor);
}

function formatScreenHits(result: ScreenSearchResult, flags: SearchFlags): string {
  const filter = flags.app ? ` in ${flags.app}` : '';
  if (result.total === 0) return `Screen text: nothing matches "${result.query}"${filter}.`;
  if (result.hits.length === 0) return `Screen text: no more hits for "${result.query}"${filter}.`;
  const lines = [
    `Screen text: ${showing(flags, result.hits.length, result.total, result.totalExact)} for "${result.query}"${filter}, best first\n`,
  ];
  for (const hit of result.hits) {
    const [first, last] = [formatClockTime(hit.firstAt), formatClockTime(hit.lastAt)];
    const time = `${localDateOf(Date.parse(hit.firstAt))} ${first === last ? first : `${first}–${last}`}`;
    const seen = hit.timesSeen > 1 ? ` (seen ${hit.timesSeen} times)` : '';
    lines.push(`${time}${seen}  ${hit.app}${hit.title ? ` — ${hit.title}` : ''}${hit.device ? `  [${hit.device.name}]` : ''}`);
    lines.push(`    ${hit.snippet.replace(/\s+/g, ' ').trim()}`);
  }
  return lines.join('\n') + nextPage(flags, 'screen', result.nextCursor);
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
    .option('--cursor <cursor>', 'the next page: the cursor an earlier search printed')
    .option('--json', 'print JSON instead of text')
    .action(async (words: string[], raw: Record<string, unknown>) => {
      const flags = parseFlags(flagsSchema, { ...raw, query: words.join(' ') });
      const cursor = flags.cursor;
      const selected = scopes.filter((scope) => flags[scope.name] || (cursor !== undefined && scope.owns(cursor)));
      if (cursor && selected.some((scope) => !scope.owns(cursor)))
        throw new CliError(
          `Invalid option: --cursor: that cursor pages ${scopes.find((s) => s.owns(cursor))!.name} hits; search them alone`,
          2,
        );
      const searched = selected.length > 0 ? selected : scopes;
      const outputs = await withOperations((call) =>
        Promise.all(searched.map(async (scope) => ({ name: scope.name, ...(await scope.search(call, flags)) }))),
      );
      if (flags.json) return printJson({ query: flags.query, ...Object.fromEntries(outputs.map((o) => [o.name, o.result])) });
      print(outputs.map((o) => o.text).join('\n\n'));
    });
}
