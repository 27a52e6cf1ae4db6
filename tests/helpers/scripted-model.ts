import { allText, lastUserText, type FakeReply, type RecordedRequest } from './fake-openai-server';

/**
 * A deterministic stand-in for a model, for the fake OpenAI-compatible server: it tells each call's
 * purpose from its instructions and answers in kind. Its summaries behave like a careful model's: they
 * keep every task the request showed (from the previous summary and from the task lines), compressed
 * to one entry per task name with its start times, so what a summary covers is exactly what its
 * request carried.
 */
export type ScriptedPurpose = 'summary' | 'theory' | 'question' | 'toc' | 'title' | 'interview' | 'chat' | 'other';

export function purposeOfRequest(request: RecordedRequest): ScriptedPurpose {
  const system = request.body.messages.find((m) => m.role === 'system');
  const instructions = typeof system?.content === 'string' ? system.content : '';
  if (request.body.stream) return 'chat';
  if (instructions.includes('running record')) return 'summary';
  if (instructions.includes('onboarding interview')) return 'interview';
  if (instructions.includes('clarifying question')) return 'question';
  if (instructions.includes('shadow a knowledge worker')) return 'theory';
  if (instructions.includes('Summarize this exchange')) return 'toc';
  if (instructions.includes('Summarize where this conversation stands')) return 'summary';
  if (lastUserText(request.body).includes('Generate a session title')) return 'title';
  return 'other';
}

const CLOCK = String.raw`\d{1,2}:\d{2}(?:\s?[AP]M)?`;
/** A task line as the work-session digest writes it: `09:12–09:42 Q3 Budget.xlsx (Microsoft Excel) — …` (a colon may follow the times). */
const TASK_LINE = new RegExp(String.raw`(${CLOCK})–(?:${CLOCK}|now):? (.+?) —`, 'g');
/** An entry of a summary this model wrote: `Q3 Budget.xlsx (Microsoft Excel) at 09:12, 09:48`. */
const OWN_ENTRY = new RegExp(String.raw`([^;:\n]+?) at ((?:${CLOCK})(?:, ${CLOCK})*)(?=;|\.|$)`, 'g');
const OWN_PREFIX = 'Tasks so far: ';

/** The tasks a request shows, by name, each with the start times seen (in the order first seen). */
export function tasksInRequest(text: string): Map<string, string[]> {
  const tasks = new Map<string, string[]>();
  const add = (name: string, start: string): void => {
    const starts = tasks.get(name.trim()) ?? [];
    if (!starts.includes(start)) starts.push(start);
    tasks.set(name.trim(), starts);
  };
  for (const line of text.split('\n')) {
    const own = line.indexOf(OWN_PREFIX);
    if (own >= 0) {
      for (const m of line.slice(own + OWN_PREFIX.length).matchAll(OWN_ENTRY)) for (const start of m[2]!.split(', ')) add(m[1]!, start);
    }
  }
  for (const m of text.matchAll(TASK_LINE)) add(m[2]!, m[1]!);
  return tasks;
}

/** The summary this model writes: every task it was shown, one entry per name with its start times. */
export function scriptedSummary(request: RecordedRequest): string {
  const tasks = tasksInRequest(lastUserText(request.body));
  if (tasks.size === 0) return 'Tasks so far: none yet.';
  const entries = [...tasks].map(([name, starts]) => `${name} at ${starts.join(', ')}`);
  return `${OWN_PREFIX}${entries.join('; ')}.`;
}

export function scriptedModel(request: RecordedRequest): FakeReply {
  const user = lastUserText(request.body);
  switch (purposeOfRequest(request)) {
    case 'summary':
      return { text: scriptedSummary(request) };
    case 'theory': {
      const window = /Active window: ([^\n“]+) — “([^”]*)”/.exec(user);
      return { text: window ? `Working in ${window[1]} on ${window[2]}.` : 'Not at the computer.' };
    }
    case 'question':
      return { text: 'What are you checking between these windows?' };
    case 'toc':
      return {
        text: `Asked: ${user
          .split('\n')[0]!
          .replace(/^User: /, '')
          .slice(0, 60)}`,
      };
    case 'title':
      return { text: 'Questions about the workday' };
    case 'interview':
      return { text: 'Dana is an accounts payable specialist at Contoso.' };
    case 'chat':
      return { text: `From what I saw: ${allText(request.body).length} characters of context.` };
    default:
      return { text: 'ok' };
  }
}
