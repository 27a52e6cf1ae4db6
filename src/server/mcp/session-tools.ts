import { z } from 'zod';
import { TURN_RANGE_MAX, type Session, type SearchHit, type Turn } from '../../shared/contract/index';
import { DomainError } from '../../core/errors';
import { formatDateTime } from '../../shared/format-date';
import { cursorArg, pageOf, type AnswerBudget } from './answer-budget';
import { callOperation, defineTool, inputField, limitArg, type McpToolDeps } from './mcp-tool';
import { thisDeviceId } from './sync-tools';

export const sessionIdArg = inputField('getSession', 'id').optional().describe('Session id ("ses_…"); default: the current session');

/**
 * Session-scoped tools work on the current session (this computer's most recently active one, never a
 * conversation synced from another device) unless told otherwise.
 */
export async function resolveSessionId(ctx: McpToolDeps, given: string | undefined): Promise<string> {
  if (given) return given;
  const here = await thisDeviceId(ctx);
  const active = await callOperation(ctx, 'listSessions', { status: 'active', device: here, limit: 1 });
  const latest = active.sessions[0] ?? (await callOperation(ctx, 'listSessions', { device: here, limit: 1 })).sessions[0];
  if (!latest)
    throw new DomainError('not_found', 'no_sessions', 'there are no sessions yet; start a conversation in Workflow Shadow first');
  return latest.id;
}

const onDevice = (item: { device?: { name: string } }): string => (item.device ? ` · on ${item.device.name}` : '');

const describeSession = (s: Session): string =>
  `${s.id} · ${s.type} · "${s.title}" · ${s.status} · ${s.turnCount} turns · last active ${s.lastActiveAt}${onDevice(s)}${s.contextSummary ? `\n  ${s.contextSummary}` : ''}`;

const describeHit = (h: SearchHit): string =>
  `${h.sessionId} turn ${h.turn} ("${h.sessionTitle}", ${formatDateTime(h.createdAt)}${h.device ? `, on ${h.device.name}` : ''}): ${h.snippet}`;

/** Search hits, best first, as many as the answer budget holds. */
function pageOfHits(hits: readonly SearchHit[], args: { query: string; cursor?: string }, budget: AnswerBudget) {
  if (hits.length === 0) return { text: `Nothing matches "${args.query}".`, structured: { hits: [] } };
  return pageOf({
    items: hits,
    cursor: args.cursor,
    budget,
    head: { text: '' },
    key: 'hits',
    noun: 'hits',
    line: describeHit,
    data: (h) => h,
  });
}

/** A reply's evidence, once, under it: the reply itself never repeats it. */
const describeEvidence = (t: Turn): string[] =>
  t.evidence.length === 0
    ? []
    : [
        `Evidence (${t.evidence.length}):`,
        ...t.evidence.map((e) => `- ${e.at}${e.app ? ` ${e.app}` : ''}${e.windowTitle ? ` "${e.windowTitle}"` : ''}: ${e.snippet}`),
      ];

const describeTurn = (t: Turn): string =>
  [
    `Turn ${t.number} (${formatDateTime(t.createdAt)}${t.app ? `, user was in ${t.app}${t.windowTitle ? ` — "${t.windowTitle}"` : ''}` : ''})`,
    `User: ${t.prompt}`,
    `Assistant: ${t.reply}`,
    ...describeEvidence(t),
  ].join('\n');

export const currentSessionTool = defineTool({
  name: 'current_session',
  title: 'Current session',
  description:
    'Quick overview of the current (most recently active) session: its title, recent title changes and the last 10 entries of its table of contents.',
  input: z.object({ session_id: sessionIdArg }),
  async run(ctx, args) {
    const id = await resolveSessionId(ctx, args.session_id);
    const [session, history, toc] = await Promise.all([
      callOperation(ctx, 'getSession', { id }),
      callOperation(ctx, 'titleHistory', { id }),
      callOperation(ctx, 'sessionToc', { id }),
    ]);
    const recent = toc.entries.slice(-10);
    const text = [
      describeSession(session),
      `Recent title changes: ${
        history.entries
          .slice(0, 3)
          .map((e) => `"${e.title}" (turn ${e.turn})`)
          .join(', ') || 'none'
      }`,
      `Last ${recent.length} of ${toc.totalTurns} turns:`,
      ...recent.map((e) => `${e.turn}. ${e.summary ?? '(summary pending)'}`),
    ].join('\n');
    return { text, structured: { session, titleHistory: history.entries.slice(0, 3), toc: recent } };
  },
});

export const listSessionsTool = defineTool({
  name: 'list_sessions',
  title: 'List sessions',
  description: 'Recent sessions with the assistant, last active first: id, type, title, status, turns, last active, summary.',
  input: z.object({
    limit: limitArg(inputField('listSessions', 'limit'), 10),
    status: inputField('listSessions', 'status'),
    type: inputField('listSessions', 'type').describe('chat, ticket, design, support, …'),
    query: inputField('listSessions', 'q').describe('Fuzzy match on titles'),
    device: inputField('listSessions', 'device').describe('Only conversations of this computer (its name or id); default every device'),
    cursor: cursorArg,
  }),
  async run(ctx, args, budget) {
    const { sessions } = await callOperation(ctx, 'listSessions', {
      limit: args.limit,
      status: args.status,
      type: args.type,
      q: args.query,
      device: args.device,
    });
    if (sessions.length === 0) return { text: 'No sessions match.', structured: { sessions } };
    return pageOf({
      items: sessions,
      cursor: args.cursor,
      budget,
      head: { text: '' },
      key: 'sessions',
      noun: 'sessions',
      line: describeSession,
      data: (s) => s,
    });
  },
});

export const sessionTocTool = defineTool({
  name: 'session_toc',
  title: 'Session table of contents',
  description:
    'Numbered one-line summaries of every turn of a session, to find where something was discussed; paged within the answer budget (pass page.nextCursor as cursor for more).',
  input: z.object({ session_id: sessionIdArg, cursor: cursorArg }),
  async run(ctx, args, budget) {
    const toc = await callOperation(ctx, 'sessionToc', { id: await resolveSessionId(ctx, args.session_id) });
    const { entries, formatted: _formatted, ...about } = toc;
    return pageOf({
      items: entries,
      cursor: args.cursor,
      budget,
      head: { text: `"${toc.sessionTitle}" (${toc.totalTurns} turns)`, structured: about },
      key: 'entries',
      noun: 'turns',
      line: (e) => `${e.turn}. ${e.summary ?? '(summary pending)'}`,
      data: (e) => e,
    });
  },
});

export const sessionTitleHistoryTool = defineTool({
  name: 'session_title_history',
  title: 'Session title history',
  description: "How a session's topic evolved: its titles, newest first, each with the turn that changed it.",
  input: z.object({ session_id: sessionIdArg }),
  async run(ctx, args) {
    const history = await callOperation(ctx, 'titleHistory', { id: await resolveSessionId(ctx, args.session_id) });
    const lines = history.entries.map((e) => `"${e.title}" — from turn ${e.turn} (${e.changedAt})`);
    return { text: `Now: "${history.title}"\n${lines.join('\n') || 'The title never changed.'}`, structured: history };
  },
});

export const getTurnTool = defineTool({
  name: 'get_turn',
  title: 'Get a turn',
  description:
    'One turn of a session in full (what the user asked, what the assistant answered) with the briefs of the turns before and after.',
  input: z.object({ session_id: sessionIdArg, turn: inputField('getTurn', 'n').describe('Turn number, from 1') }),
  async run(ctx, args) {
    const result = await callOperation(ctx, 'getTurn', { id: await resolveSessionId(ctx, args.session_id), n: args.turn });
    const text = [
      result.previous ? `Previous: ${result.previous.turn}. ${result.previous.summary}` : 'Previous: none',
      describeTurn(result.turn),
      result.next ? `Next: ${result.next.turn}. ${result.next.summary}` : 'Next: none',
    ].join('\n\n');
    return { text, structured: result };
  },
});

export const getTurnsTool = defineTool({
  name: 'get_turns',
  title: 'Get turns',
  description: `A range of turns of a session in full (at most ${TURN_RANGE_MAX}), paged within the answer budget (pass page.nextCursor as cursor for more).`,
  input: z.object({
    session_id: sessionIdArg,
    from: inputField('getTurns', 'from').unwrap().describe('First turn'),
    to: inputField('getTurns', 'to').unwrap().describe(`Last turn (inclusive); at most ${TURN_RANGE_MAX} turns in a range`),
    cursor: cursorArg,
  }),
  async run(ctx, args, budget) {
    const result = await callOperation(ctx, 'getTurns', { id: await resolveSessionId(ctx, args.session_id), from: args.from, to: args.to });
    if (result.turns.length === 0) return { text: 'No turns in that range.', structured: result };
    const { turns, ...about } = result;
    return pageOf({
      items: turns,
      cursor: args.cursor,
      budget,
      head: { text: '', structured: about },
      key: 'turns',
      noun: 'turns',
      line: (t) => `${describeTurn(t)}\n`,
      data: (t) => t,
    });
  },
});

export const searchSessionTool = defineTool({
  name: 'search_session',
  title: 'Search a session',
  description: 'Full-text search within one session; hits come best first with the turn number and a snippet (matched words in **bold**).',
  input: z.object({
    session_id: sessionIdArg,
    query: inputField('searchSession', 'q'),
    limit: limitArg(inputField('searchSession', 'limit'), 10),
    cursor: cursorArg,
  }),
  async run(ctx, args, budget) {
    const { hits } = await callOperation(ctx, 'searchSession', {
      id: await resolveSessionId(ctx, args.session_id),
      q: args.query,
      limit: args.limit,
    });
    return pageOfHits(hits, args, budget);
  },
});

export const searchAllSessionsTool = defineTool({
  name: 'search_all_sessions',
  title: 'Search all sessions',
  description:
    'Full-text search across every session with the assistant, best first, with session, turn number and snippet; says how many hits there are in all (pass page.nextCursor as cursor for more).',
  input: z.object({
    query: inputField('searchAll', 'q'),
    limit: limitArg(inputField('searchAll', 'limit'), 10),
    type: inputField('searchAll', 'type'),
    status: inputField('searchAll', 'status'),
    device: inputField('searchAll', 'device').describe('Only conversations of this computer (its name or id); default every device'),
    cursor: inputField('searchAll', 'cursor').describe('The page.nextCursor of an earlier answer, for the next page'),
  }),
  async run(ctx, args, budget) {
    const { hits, total, cursor } = await callOperation(ctx, 'searchAll', {
      q: args.query,
      limit: args.limit,
      type: args.type,
      status: args.status,
      device: args.device,
      screen: false,
      cursor: args.cursor,
    });
    if (total === 0) return { text: `Nothing matches "${args.query}".`, structured: { hits: [], total } };
    return pageOf({
      items: hits,
      cursor: args.cursor,
      budget,
      head: { text: `"${args.query}" in conversations: ${total} ${total === 1 ? 'hit' : 'hits'}, best first.` },
      key: 'hits',
      noun: 'hits',
      line: describeHit,
      data: (h) => h,
      slice: { offset: Number(cursor.split('.')[0]), total, exact: true, cursorAt: (offset) => `${offset}.0~0` },
    });
  },
});
