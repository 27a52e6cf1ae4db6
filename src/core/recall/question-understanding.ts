import { contentTerms, words } from './question-terms';
import { understandTime, withoutTimeWords, type AskedTime, type DayShape } from './time-understanding';

/**
 * What a question asks, as a colleague who watched the day would hear it:
 * - `time_spent`: how long in an app, window or on a subject ("time in slack today? roughly");
 * - `activity`: what was done in a stretch of time ("what did I do after lunch?");
 * - `moment`: what was on at one moment ("what was I doing at 10am?");
 * - `day_bounds`: when the day started or ended; `break`: when lunch was;
 * - `seen`: when or where something was on screen ("when did I see invoice 4471?");
 * - `which`: a list of things seen ("which invoices did I look at?");
 * - `who`: a person or company ("who sent invoice 4471?"); `value`: a figure ("the total on the Acme invoice");
 * - `lookup`: anything else that names something, answered with the best evidence; `unknown`: nothing to go on.
 */
export type QuestionKind =
  'time_spent' | 'activity' | 'moment' | 'day_bounds' | 'break' | 'seen' | 'which' | 'who' | 'value' | 'lookup' | 'unknown';

/** What a "which …" question lists. */
export type ListKind = 'app' | 'window' | 'file' | 'invoice' | 'bill' | 'po' | 'document' | 'organization' | 'person' | 'channel';

export interface UnderstoodQuestion {
  readonly text: string;
  readonly kind: QuestionKind;
  /** The time it names; null when it names none (each kind has its default). */
  readonly time: AskedTime | null;
  /** The words naming what it is about (apps, window words, numbers, names). */
  readonly terms: readonly string[];
  /** `seen`: the first or last time; `day_bounds`: the start (first) or end (last) of the day. */
  readonly edge: 'first' | 'last' | null;
  readonly listOf: ListKind | null;
  /** `who`: whether it asks who sent something, who said something in a chat, or just who. */
  readonly relation: 'sender' | 'speaker' | 'any';
  /** `value`: the figure asked for ("total", "balance", "due", "po"); null means any amount. */
  readonly valueWord: string | null;
  /** Words of what the question leaves out ("besides the ledger", "except Slack"). */
  readonly without: readonly string[];
}

const LIST_NOUNS: Readonly<Record<string, ListKind>> = {
  app: 'app',
  apps: 'app',
  application: 'app',
  applications: 'app',
  programs: 'app',
  window: 'window',
  windows: 'window',
  tabs: 'window',
  sites: 'window',
  websites: 'window',
  pages: 'window',
  documents: 'file',
  document: 'file',
  files: 'file',
  spreadsheets: 'file',
  pdfs: 'file',
  invoice: 'invoice',
  invoices: 'invoice',
  bill: 'bill',
  bills: 'bill',
  po: 'po',
  pos: 'po',
  vendor: 'organization',
  vendors: 'organization',
  suppliers: 'organization',
  companies: 'organization',
  customers: 'organization',
  clients: 'organization',
  organizations: 'organization',
  people: 'person',
  colleagues: 'person',
  persons: 'person',
  channel: 'channel',
  channels: 'channel',
};

const VALUE_WORDS = ['total', 'amount', 'balance', 'sum', 'price', 'cost', 'due', 'variance', 'actual', 'po', 'reference'];

const RULES: readonly (readonly [QuestionKind, RegExp])[] = [
  [
    'break',
    /\b(when|what time)\b[^?]*\b(lunch|break)\b(?![^?]*\b(do|did|work|doing)\b)|\bhow long (was|were|did) (my |i |the )?(lunch|take for lunch|have lunch|break)\b/,
  ],
  [
    'time_spent',
    /\bhow (long|much time)\b|\bhow many (hours|minutes)\b|\btime (i )?(spent|spend)?\s*(in|on|with|using)\b|\btime spent\b|^\W*time\b/,
  ],
  ['day_bounds', /\bwhen did i (start|begin|stop|finish|end|leave|quit|wrap up|log off)\b/],
  [
    'value',
    /\bhow much\b|\bwhat(?:'s| was| is| were| are)?( the)?( \w+){0,2} (total|amount|balance|sum|price|cost|due date|variance|actual|reference)\b|\bwhen (is|was|were|are) [^?]* due\b|\b(what|which) po\b/,
  ],
  ['who', /^\W*who\b|\bwho (sent|asked|said|wrote|owns|emailed|messaged|mentioned|approved|is|was)\b/],
  [
    'which',
    /\bwhich\b|\bwhat (apps|applications|programs|windows|documents|files|invoices|bills|vendors|suppliers|companies|people|channels|tabs|sites|websites)\b|^\W*list\b/,
  ],
  ['moment', /\bwhat (was|were) i (doing|working on|up to|looking at|on)\b|\bwhat was on (my |the )?screen\b|\bwhere was i\b/],
  [
    'seen',
    /\b(when|where|what time) (did|have|was|were) i\b|\bhave i (ever )?(seen|read|opened|looked at|been in|used)\b|\bdid i (see|read|open|look at)\b/,
  ],
  ['activity', /\bwhat (did|have|had) (i|we)\b|\bsummar(y|ise|ize)\b|\bwhat happened\b|\brecap\b|\bmy (day|morning|afternoon|week)\b/],
];

/** Words that carry a kind's intent rather than its subject. */
const INTENT_WORDS: Partial<Record<QuestionKind, readonly string[]>> = {
  day_bounds: ['start', 'begin', 'stop', 'finish', 'end', 'leave', 'quit', 'wrap', 'log', 'working', 'started', 'stopped', 'finished'],
  who: `sent send asked ask said say wrote write owns own owner emailed messaged message mentioned approved responsible
    talk talked chat chatted spoke speak`.split(/\s+/),
  value: [...VALUE_WORDS, 'date', 'linked', 'link'],
  break: ['break', 'take', 'took', 'have', 'had'],
  moment: ['screen', 'up'],
  activity: ['summarize', 'summarise', 'summary', 'recap', 'happened', 'busy'],
};

export function understandQuestion(text: string, nowMs: number, day: DayShape): UnderstoodQuestion {
  const lower = text.toLowerCase().replace(/[’]/g, "'");
  const time = understandTime(text, nowMs, day);
  let kind: QuestionKind = RULES.find(([, rule]) => rule.test(lower))?.[0] ?? 'unknown';
  const lowerWords = words(lower);
  const listOf = kind === 'which' ? (lowerWords.map((w) => LIST_NOUNS[w]).find(Boolean) ?? null) : null;
  const intent = new Set([
    ...(INTENT_WORDS[kind] ?? []),
    ...(listOf ? Object.keys(LIST_NOUNS).filter((w) => LIST_NOUNS[w] === listOf) : []),
  ]);
  const withoutTime = time ? withoutTimeWords(text, nowMs) : text;
  const [asked, leftOut = ''] = withoutTime.split(/\b(?:besides|except|apart from|other than|but not)\b/i);
  const without = contentTerms(leftOut);
  const terms = contentTerms(asked!).filter((t) => !intent.has(t));
  if (kind === 'moment' && time?.pointMs === null) kind = 'activity';
  if (kind === 'day_bounds' && terms.length > 0) kind = 'seen';
  if (kind === 'unknown' && terms.length > 0) kind = 'lookup';
  if (kind === 'which' && listOf === null) kind = terms.length > 0 ? 'lookup' : 'unknown';
  return {
    text,
    kind,
    time,
    terms,
    edge: edgeOf(lower),
    listOf,
    relation: /\b(sent|send|emailed|from|wrote me|mailed)\b/.test(lower)
      ? 'sender'
      : /\b(asked|said|mentioned|messaged|wrote|told|talk|talked|chat|chatted|spoke)\b/.test(lower)
        ? 'speaker'
        : 'any',
    without,
    valueWord: kind === 'value' ? (VALUE_WORDS.find((w) => lowerWords.includes(w)) ?? (/\bdue\b/.test(lower) ? 'due' : null)) : null,
  };
}

function edgeOf(lower: string): 'first' | 'last' | null {
  if (/\bfirst\b|\bwhen did i (start|begin)\b/.test(lower)) return 'first';
  if (
    /\b(did|have|was) i last\b|\blast (time|saw|seen|opened|looked|used|visited|checked|see|open)\b|\bwhen did i (stop|finish|end|leave|quit)\b/.test(
      lower,
    )
  )
    return 'last';
  return null;
}
