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
  const instructions = instructionsOf(request);
  if (request.body.stream) return 'chat';
  if (instructions.includes('running record')) return 'summary';
  if (instructions.includes('onboarding interview')) return 'interview';
  if (instructions.includes('clarifying question')) return 'question';
  if (instructions.includes('shadow a knowledge worker')) return 'theory';
  if (instructions.includes('Summarize this exchange')) return 'toc';
  if (instructions.includes('Summarize where this conversation stands')) return 'summary';
  if (instructions.includes('Generate a session title')) return 'title';
  return 'other';
}

const CLOCK = String.raw`\d{1,2}:\d{2}(?:\s?[AP]M)?`;
/**
 * A task line as the work-session digest writes it: `09:12–09:42: Q3 Budget.xlsx (Microsoft Excel) — …`,
 * or the offline summary: `09:12–09:42 Q3 Budget.xlsx (Microsoft Excel): 30m in …`, or the task in
 * progress: `Current task since 09:12: Q3 Budget.xlsx (Microsoft Excel) — …`.
 */
const TASK_LINE = new RegExp(String.raw`(${CLOCK})–(?:${CLOCK}|now):? (.+?)(?: —|: (?=\d))|Current task since (${CLOCK}): (.+?) —`, 'g');
/** The offline summary's folded earlier tasks: `Earlier (08:30–10:12, 9 tasks): Q3 Budget.xlsx (Microsoft Excel) 2× 50m; …`. */
const FOLDED = new RegExp(String.raw`Earlier \((${CLOCK})–${CLOCK}, \d+ tasks?\): ([^\n]+?)\.?$`, 'm');
/** An entry of a summary this model wrote: `Q3 Budget.xlsx (Microsoft Excel) at 09:12, 09:48`. */
const OWN_ENTRY = new RegExp(String.raw`([^;:\n]+?) at ((?:${CLOCK})(?:, ${CLOCK})*)(?=;|\.|$)`, 'g');
const OWN_PREFIX = 'Tasks so far: ';

/** A clock time as the scripted model writes it, whatever the locale wrote: 24-hour `13:31` (a careful model keeps it short). */
export function clock24(time: string): string {
  const m = /^(\d{1,2}):(\d{2})(?:\s?([AP])M)?$/.exec(time.trim());
  if (!m) return time.trim();
  let hours = Number(m[1]) % (m[3] ? 12 : 24);
  if (m[3] === 'P') hours += 12;
  return `${String(hours).padStart(2, '0')}:${m[2]}`;
}

/** The tasks a request shows, by name (in the order first seen), each with the start times seen (24-hour, in order). */
export function tasksInRequest(text: string): Map<string, string[]> {
  const tasks = new Map<string, string[]>();
  const add = (name: string, time: string): void => {
    const start = clock24(time);
    const starts = tasks.get(name.trim()) ?? [];
    if (!starts.includes(start)) starts.push(start);
    tasks.set(name.trim(), starts.sort());
  };
  for (const line of text.split('\n')) {
    const own = line.indexOf(OWN_PREFIX);
    if (own >= 0) {
      for (const m of line.slice(own + OWN_PREFIX.length).matchAll(OWN_ENTRY)) for (const start of m[2]!.split(', ')) add(m[1]!, start);
    }
  }
  // Folded tasks are known by name only: the model can say they came in the earlier stretch.
  const folded = FOLDED.exec(text);
  if (folded) for (const entry of folded[2]!.split('; ')) add(entry.replace(/( \d+×)? (\d+h )?\d+[hms]$/, ''), folded[1]!);
  for (const m of text.matchAll(TASK_LINE)) add(m[2] ?? m[4]!, m[1] ?? m[3]!);
  return tasks;
}

/**
 * The summary this model writes: every task it was shown, one entry per name with its start times;
 * over the word limit the instructions give, each name keeps only its first and latest start.
 */
export function scriptedSummary(request: RecordedRequest): string {
  const tasks = tasksInRequest(lastUserText(request.body));
  if (tasks.size === 0) return 'Tasks so far: none yet.';
  const limit = Number(/at most (\d+) words/.exec(instructionsOf(request))?.[1] ?? Infinity);
  const write = (starts: (all: string[]) => string[]): string =>
    `${OWN_PREFIX}${[...tasks].map(([name, all]) => `${name} at ${starts(all).join(', ')}`).join('; ')}.`;
  const full = write((all) => all);
  return full.split(/\s+/).length <= limit ? full : write((all) => (all.length > 2 ? [all[0]!, all.at(-1)!] : all));
}

function instructionsOf(request: RecordedRequest): string {
  const system = request.body.messages.find((m) => m.role === 'system');
  return typeof system?.content === 'string' ? system.content : '';
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
      return { text: `Asked: ${(/^User: (.*)$/m.exec(user)?.[1] ?? '').slice(0, 60)}` };
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
