import { kindWord, type KindWord, type ListKind } from './kind-words';
import { COMMON_WORDS, FILLER, SHORTHANDS } from './lexicon';
import { contentTerms, nearestWord, words } from './question-terms';
import { readTime, type AskedTime, type DayShape } from './time-understanding';
import { stateClass } from '../understanding/work-item';
import { WORKFLOW_QUESTION } from '../workflows/workflow-question';

export type { ListKind } from './kind-words';

/**
 * What a question asks, whatever its wording: an intent, a time window and a target (its content words).
 * - `time_spent`: how long ("time in slack today? roughly", "how many hours on the budget");
 * - `activity`: what was done in a stretch ("what did I do after lunch?", "walk me through today");
 * - `moment`: what was on at one moment ("what was I doing at twenty past ten?");
 * - `day_bounds`: when the day started or ended; `break`: when lunch was;
 * - `seen`: when (first, last) or where something was on screen ("when did I see invoice 5102?");
 * - `which`: the items of a kind ("which tickets did I touch?", "what servers did I log into?");
 * - `who`: people by role ("who reported OPS-1187?", "who was in the 2pm call?");
 * - `value`: a figure and its label ("how much was the supplier's invoice?", "when is it due?");
 * - `open`: what is still open, waiting or scheduled; `why`: the user's reasons and reasons on screen;
 * - `advice`: what needs a model (advice, drafting, opinions);
 * - `workflow`: how work usually goes across days ("how do I usually handle an invoice?", "how long does a
 *   payment run take me?", "what did I do differently today?"), answered by src/core/workflows/;
 * - `lookup`: anything else that names something, answered from the best evidence; `unknown`: nothing to go on.
 */
export type QuestionKind =
  | 'time_spent'
  | 'activity'
  | 'moment'
  | 'day_bounds'
  | 'break'
  | 'seen'
  | 'which'
  | 'who'
  | 'value'
  | 'open'
  | 'why'
  | 'advice'
  | 'workflow'
  | 'lookup'
  | 'unknown';

export interface UnderstoodQuestion {
  readonly text: string;
  readonly kind: QuestionKind;
  /** The time it names; null when it names none (each kind has its default). */
  readonly time: AskedTime | null;
  /** The words naming what it is about (apps, window words, numbers, names), typos corrected. */
  readonly terms: readonly string[];
  /** `seen`: the first or last time; `day_bounds`: the start (first) or end (last) of the day. */
  readonly edge: 'first' | 'last' | null;
  /** `which` (and `who`, `open`): what kind of thing it lists. */
  readonly listOf: ListKind | null;
  /** The kind noun the question used, with the record families and roles it means. */
  readonly kindWord: KindWord | null;
  /** `who`: whether it asks who sent something, who said something in a chat, or just who. */
  readonly relation: 'sender' | 'speaker' | 'any';
  /** `who`: the roles the question asks for ("reported by", "attendees"); empty for anyone. */
  readonly roles: readonly string[];
  /** `value`: the figure asked for ("total", "balance", "due"); null means any amount. */
  readonly valueWord: string | null;
  /** Words of what the question leaves out ("besides the ledger", "except Slack"). */
  readonly without: readonly string[];
}

/**
 * The words a question's intent turns on: a typo in one of these ("hwo long", "waht did I do", "yesterdy")
 * is read as the word meant. Only these: a wider list turns right words into wrong ones ("sent" is not "spent").
 */
const INTENT_VOCABULARY = `how long much many what when where which who whom why today yesterday morning afternoon evening lunch
  meeting first last still open`.split(/\s+/);

const VALUE_WORDS = [
  'total',
  'amount',
  'balance',
  'sum',
  'price',
  'cost',
  'fee',
  'rate',
  'due',
  'variance',
  'actual',
  'budget',
  'salary',
  'quote',
  'estimate',
  'po',
  'reference',
  'deadline',
  'eta',
  'discount',
  'surcharge',
  'charge',
  'charged',
];
/** Words that name any figure: a question's other figure word says which one ("no-show fee amount" asks for the fee). */
const GENERIC_VALUE_WORDS = new Set(['amount', 'total', 'sum']);

/** The figure a question names, the first in its own order, a specific one before a generic one. */
function valueWordOf(words: readonly string[]): string | null {
  const named = words.filter((w) => VALUE_WORDS.includes(w));
  return named.find((w) => !GENERIC_VALUE_WORDS.has(w)) ?? named[0] ?? null;
}

/** "What did my expenses come to?", "how big was the discount", "what did we charge them": a figure asked for. */
const FIGURE_ASK = /\b(come|came) to\b|\bhow big (is|was)\b|\bwhat did (we|i|they) (charge|bill|pay)\b|\bhow far (am|are|is|was|were)\b/;
/** Words that name a figure wherever they stand ("ER-20931 total?", "cost of the tire job"). */
const FIGURE_WORDS = new Set(['total', 'amount', 'balance', 'sum', 'price', 'cost', 'fee', 'variance', 'salary', 'discount', 'surcharge']);

/** "Pickup time?", "delivery time for L-1": the clock time of an event, as a record's field names it. */
const EVENT_TIME =
  /\b(pickup|pick-up|delivery|arrival|departure|start|end|finish|appointment|appt|meeting|call|closing|opening|cutoff|drop-?off|shipping|filing|check-?in|ready|approval|decision|hearing|interview) time\b/;

/** Intents by the shape of the question, tried in order: the first that fits wins. */
const RULES: readonly (readonly [QuestionKind, RegExp])[] = [
  // Before advice: "how do I usually handle an invoice?" asks how it goes, not how it should.
  ['workflow', WORKFLOW_QUESTION],
  [
    'advice',
    /^\W*(draft|write|compose|rephrase|reword|summari[sz]e (this|that) for|translate|create|generate|make me)\b|\b(should i|shall i|what do you (think|suggest|recommend|advise)|do you think|would you (suggest|recommend)|recommend|recommendation|suggest(ion)?s?|any advice|advi[cs]e|how (should|can|do|could) i (improve|fix|handle|deal|approach|prioriti[sz]e|get better|be more|avoid|speed)|what('s| is) the best (way|approach|order)|is it (a )?(good|bad|wise)|your opinion|help me (write|draft|decide|plan|reply|respond)|prioriti[sz]e|how would you|what would you|how (do|can|should|could) (i|we) (stop|prevent|avoid|keep|make sure|get)|what (can|could|should) (i|we) do (to|about)|(tips|ideas) (for|on|to)|should we|shall we|how (can|could|should|might) (i|we) [^?]*\b(faster|better|sooner|quicker|more|less|cut|reduce|increase|improve|win|grow|save)|what \w+ would (help|strengthen|improve|work)|would (strengthen|weaken)|^\W*(can|could|would|will) you (please )?(draft|write|compose|rephrase|reword|translate|create|generate|make|suggest|recommend))\b/,
  ],
  [
    'why',
    /^\W*(why|how come|for what reason)\b|\bwhy (did|was|were|do|does|is|am|have|had)\b|\bwhat (was|is|were|are) (the |my )?(reason|purpose|point)\b|\bwhat for\W*$|\b(is|was) (\w+ ){0,4}for\W*$|^\W*(the )?(reason|basis|rationale|justification|grounds?)\b|\b(reason|rationale|justification|basis|grounds) (for|why|behind|of)\b|\bwhat('s| is| was) (holding|held) (\w+ )?up\b|\bwhat (made|caused|led) (me|us|you|them|him|her|it|to)\b/,
  ],
  [
    'break',
    /\b(when|what time)\b[^?]*\b(lunch|break)\b(?![^?]*\b(do|did|work|doing|get up to|up to)\b)|\bhow long (was|were|did) (my |i |the )?(lunch|take for lunch|have lunch|break)\b|^(?!.*\b(after|before|since|until|till|during|post|pre|following|over|in|on)\s+(my |the )?lunch).*\blunch\b.*\bhow long\b|^(?!.*\b(after|before|since|until|till|during|post|pre|following|over|in|on)\s+(my |the )?lunch).*\bhow long\b[^?]*\b(away|gone|out|off)\b.*\blunch\b/,
  ],
  [
    'time_spent',
    /\bhow (long|much time)\b|\bhow many (hours|minutes|hrs|mins)\b|\btime (i )?(spent|spend)?\s*(in|on|with|using)\b|\btime spent\b|^\W*time\b|\b(spend|spent|put|sink|sank|devote|devoted|give|gave) (the )?(most|more|less|much|a lot of|all|half|the bulk of|my)? ?(time|hours|minutes|day|morning|afternoon)\b|\bwhat (took|ate|eats|takes) (up )?(most|the most|much|all|the bulk) (of )?(my )?(time|day)\b|\bduration\b|\blength\W*$|\bhow much of (my|the|this) (day|time|morning|afternoon|week|evening)\b|^(?!.*\b(what|which|at what|any|pickup|pick-up|delivery|arrival|departure|start|end|finish|due|appointment|appt|meeting|call|closing|opening|cutoff|drop-?off|shipping|filing|return|check-?in|ready) time\b)\W*[\w.'’ -]{2,40} time( (today|yesterday|this (morning|afternoon|week)|so far))?\W*$|\b(share|part|portion|chunk) of (my|the) (day|time)\b/,
  ],
  ['value', /\bhow much\b(?! time)/],
  [
    'open',
    /\b(still (open|pending|outstanding|to do|waiting|unresolved|in progress|unfinished|on hold)|open (items|tickets|issues|tasks|loops|questions|cases|orders)|what('s| is| remains)? (still )?(left|open|pending|outstanding|unfinished|unresolved)|(left|remaining) to do|to-?do list|not (yet )?(done|finished|resolved|closed|complete|completed|paid|approved|answered|replied)|(have|has)n'?t (yet )?(been )?(finished|done|closed|resolved|replied|answered|paid|approved|completed)|unfinished|unresolved|outstanding|pending|waiting (on|for)|follow[ -]?ups?|loose ends|open loops|(do|did) i owe|need(s)? (a )?(reply|response|follow)|still needs? (\w+ing|to be \w+)\b|yet to|^\W*did (i|we) (ever |actually )?(finish|complete|close|resolve|fix|pay|approve|submit|sign|ship|deliver|merge|deploy|book|schedule|confirm|get through|wrap up)|^\W*(is|was|are|were|has|have|had) [^?]{0,40}\b(done|finished|resolved|closed|fixed|approved|paid|merged|shipped|delivered|booked|scheduled|confirmed|signed|complete|completed|open|pending)\b|\b(status|state|stage|progress) (of|on|for)\b|\bwhat (is|was) the (status|state|stage|progress)\b|\bwhere (does|do|did|is|are) [^?]* stand\b|\bhow (is|was|are|were) [^?]* (going|coming along|looking)\b|\b(anything|what|which|stuff|things|items?) (left|still|remaining) (open|pending|undone|unfinished|to do|outstanding)\b|\b(left|remaining) (open|undone|unfinished|pending)\b)\b/,
  ],
  [
    'day_bounds',
    /\b(when|what time) did i (start|begin|get started|get going|get cracking|kick off|arrive|get in|log on|log in|sign on|clock in|stop|finish|end|leave|quit|wrap up|log off|sign off|clock out|call it a day|knock off|head home)\b|\b(when|what time) (was|did) (my )?(work ?day|day) (start|begin|end|finish)\b/,
  ],
  [
    'value',
    /\b(what|which)( is| was| were| are|'s)?( the| my)?( \w+){0,3} (total|amount|balance|sum|price|cost|fee|rate|variance|actual|figure|salary|quote|estimate|due date|deadline|eta|reference|po number|budget|limit|score|count|number)\b|\bwhen (is|was|were|are) [^?]* due\b|\bdue (date|by|on)\b|\b(what|which) po\b|\bhow many\b(?! (hours|minutes|times|tasks))|\bwhat (was|is|were|are)( the| my)? (?!(name|reason|purpose|point|status|state|stage|plan|problem|issue|story|idea|topic|subject|meeting|call)\b)([a-z0-9-]+ ){1,3}(on|in|for|of|at) (the|my|this|that)\b(?! screen)/,
  ],
  [
    'who',
    /^\W*(who|whom|whose)\b|\bwho('s| is| was| were| did| do| does| sent| asked| said| wrote| owns| emailed| messaged| mentioned| approved| reported| called| reached| pinged| requested| attended| joined| interviewed| assigned)\b|\b(which|what) (person|people|colleague|customer|client|candidate|driver|patient|contact|interviewer|attendee|vendor|supplier|doctor|technician|recruiter|manager|reviewer)s?\b(?! (did i (see|open|look)))|\bwith whom\b|\bto whom\b|\bname of (the|my) \w+\b/,
  ],
  [
    'moment',
    /\bwhat (was|were|am|are) (i|we) (doing|working on|up to|looking at|on|into|busy with|in the middle of)\b|\bwhat was on (my |the )?screen\b|\bwhere was i\b|\bwhat (was|is) (open|up) at\b|\bwhat was happening\b|\bwhat was (going on|up on (my |the )?screen|in front of me)\b/,
  ],
  [
    'which',
    /\bwhich\b|\bwhat (\w+ )?(?!was\b|is\b|has\b|does\b|this\b|yes\b|its\b)(\w+s)\b(?= (did|were|was|have|had|do|are|is|i)\b)|^\W*(list|name|show)( me)?( all| the| my)?\b/,
  ],
  [
    'activity',
    /\bwhat (did|have|had) (i|we)\b|\bsummar(y|ise|ize)\b|\bwhat happened\b|\brecap\b|\brun ?down\b|\boverview\b|\bwalk (me )?through\b|\brun (me )?through\b|\bgo (over|through)\b|\bbreak ?down\b|\bmy (day|morning|afternoon|week|evening)\b|\b(get|got|been) up to\b|\bwhat (i|we) (did|worked on|have done|got done|accomplished)\b|\bwhat (was|have) (i|we) (been )?(doing|working on|up to)\b|\bhow did (my|the) (day|morning|afternoon|week) go\b|\btimeline\b|\bwhat did i (do|work on|get done|accomplish|achieve|finish|complete|handle|tackle)\b/,
  ],
  [
    'seen',
    /\b(when|where|what time|at what time) (did|have|was|were|had) (i|we)\b|\bhave i (ever )?(seen|read|opened|looked at|been in|used|visited|checked|worked on|touched)\b|\bdid i (ever )?(see|read|open|look at|visit|check|touch|use|get|receive|reply|respond|answer|send|write|email|call|message)\b|\b(the )?(first|last) time (i|we)\b/,
  ],
];

/** Words that carry a kind's intent rather than its subject. */
const INTENT_WORDS: Partial<Record<QuestionKind, readonly string[]>> = {
  day_bounds:
    `start begin began started get going cracking kick arrive arrived log logged sign clock stop stopped finish finished end ended leave left quit wrap
    wrapped off call knock head home working work day workday`.split(/\s+/),
  who: `sent send asked ask said say wrote write owns own owner emailed messaged message mentioned approved responsible talk talked chat chatted
    spoke speak reported report called call reached pinged ping requested request attended attend joined join interviewed interview assigned
    name person people working handling handled cc cc'd copied whom talking talk speaking spoke chatting phone`.split(/\s+/),
  value: [...VALUE_WORDS, 'date', 'linked', 'link', 'figure', 'number', 'worth', 'cost', 'costs', 'charged', 'pay', 'paid', 'owe', 'owed'],
  break: ['break', 'take', 'took', 'have', 'had'],
  moment: ['screen', 'up', 'into', 'middle', 'happening', 'going', 'front'],
  activity: `summarize summarise summary recap happened busy walk through run rundown overview break breakdown go over accomplish
    accomplished achieve achieved done tackle tackled handle handled timeline get got`.split(/\s+/),
  open: `status state stage progress stand going coming along looking open pending outstanding left remaining unfinished unresolved waiting wait follow follow-up follow-ups loose ends loops owe owed
    need needs reply replies response respond answered finish finished close closed resolve resolved complete completed paid approved yet done items wrap`.split(
    /\s+/,
  ),
  why: [
    'reason',
    'purpose',
    'point',
    'because',
    'come',
    'basis',
    'rationale',
    'justification',
    'grounds',
    'holding',
    'held',
    'made',
    'caused',
    'led',
    // "How come I kept going back to the portal?": how often is the question's frame, not its subject.
    'kept',
    'keep',
    'keeps',
    'going',
    'back',
    'returning',
    'often',
    'always',
  ],
  advice: `draft write compose rephrase reword translate create generate recommend recommendation suggest suggestion suggestions advice
    advise think opinion best way approach prioritize prioritise improve fix handle deal help plan decide reply respond better wise good bad`.split(
    /\s+/,
  ),
  seen: [
    'ever',
    'touch',
    'touched',
    'visit',
    'visited',
    'receive',
    'received',
    'reply',
    'replied',
    'respond',
    'answer',
    'finish',
    'close',
    'resolve',
    'approve',
  ],
  time_spent: [
    'put',
    'sink',
    'sank',
    'devote',
    'devoted',
    'took',
    'ate',
    'bulk',
    'duration',
    'hrs',
    'mins',
    'watching',
    'looking',
    'using',
    'staring',
    'length',
  ],
  which:
    `list show name give tell all every touch touched handle handled process processed deal dealt review reviewed visit visited log logged into access accessed edit edited
    hit come came across encounter encountered deal with have involved mention mentioned pull pulled bring brought up ssh connect connected
    meet met talk talked email emailed call called interview interviewed book booked schedule scheduled send sent receive received`.split(
      /\s+/,
    ),
};

/** "Who do I owe a reply to?", "who am I supposed to get back to?", "anyone waiting on an answer from me?". */
export const OWED_ASK =
  /\b(owe|owed)\b|\b(get|got|getting|write|call|ring) back to\b|\bwaiting (on|for) (me|an? (answer|reply|response)|my)\b|\b(haven'?t|have not|not yet|still need to|need to|should|supposed to|must) (replied|reply|answer(ed)?|respond(ed)?|get back|call back|write back|follow up)\b|\bfollow[ -]?ups?\b|\bhear back\b|\bneeds? (?:an? )?(?:answer|reply|response)\b/i;
/** Role words a "who" question asks with, and the labels on screen that give a person that role. */
const ROLE_ASKS: readonly (readonly [RegExp, readonly string[]])[] = [
  // Before "to whom": "referred to whom?" asks for the one a referral names, not a message's recipient.
  [/\b(refer(red|ral)?|sent over) to\b|\bbeing referred\b|\breferred\b/, ['referred to', 'refer to', 'referral to']],
  [
    /\b(approv(e|ed|er|es|al)|sign(ed|s)? off|okay(ed)?|ok'?d|authori[sz](e|ed|es))\b/,
    ['approved by', 'approver', 'approval by', 'signed off by', 'authorized by', 'authorised by'],
  ],
  [
    /\b(report(ed|er)?|raised|filed|opened|logged|created|submitted)\b/,
    ['reported by', 'reporter', 'raised by', 'opened by', 'created by', 'submitted by', 'filed by', 'requested by', 'requester'],
  ],
  [
    /\b(assign(ed|ee)?|own(s|er|ed)?|responsible|working on|handling|in charge)\b/,
    ['assigned to', 'assignee', 'owner', 'assigned', 'handled by', 'lead'],
  ],
  [/\b(sent|send|from|emailed|mailed|wrote me|wrote to me)\b/, ['from', 'sender', 'sent by', 'wrote', 'signed']],
  [
    /\b(to whom|did i (email|write|send|reply|mail|message)|i (emailed|wrote to|sent|replied to|messaged)|recipient)\b/,
    ['to', 'cc', 'greeted', 'recipient'],
  ],
  [
    /\b(attend(ed|ees?)?|join(ed)?|(in|on) (the|that|my|our|this) ([\w.-]+ ){0,2}(meeting|call|sync|stand-?up|interview|session)|participants?|invited|guests?)\b/,
    [
      'attendees',
      'attendee',
      'participants',
      'participant',
      'people',
      'members',
      'guests',
      'invitees',
      'attending',
      'with',
      'organizer',
      'host',
    ],
  ],
  [/\b(interviewers?|interviewed me|panel(ists?)?)\b/, ['interviewer', 'interviewers', 'panel', 'panelists']],
  [/\b(candidates?|applicants?|did i interview|was i interviewing|interviewee)\b/, ['candidate', 'applicant']],
  [/\b(approv(ed|er|al))\b/, ['approved by', 'approver']],
  [/\b(request(ed|er)?|asked for)\b/, ['requested by', 'requester', 'wrote']],
  [/\b(review(ed|er)?)\b/, ['reviewed by', 'reviewer', 'reviewers']],
  [/\b(said|say|asked|mentioned|messaged|wrote|told|talk(ed)?|chat(ted)?|spoke|pinged|replied)\b/, ['wrote']],
  [/\b(drivers?|drove)\b/, ['driver']],
  [/\b(patients?)\b/, ['patient']],
  [/\b(customers?|clients?)\b/, ['customer', 'client']],
];

/** Words of time and number that are right as they are (never "corrected" to an intent word: "past" is not "last"). */
const KNOWN_WORDS = new Set(
  `past half quarter twenty thirty forty fifty fifteen ten five noon midday midnight ago clock oclock early late mid end close
  before after since until till around about between and then once over back from went came got lunch break stand standup
  monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october
  november december week weekend month year hour minute second list lost lust fist hot wait went want wine`.split(/\s+/),
);

/** Expands what people type (shorthands, contractions) and reads typos of the words that carry the intent. */
function normalized(text: string, vocabulary: readonly string[]): string {
  const plain = text
    .normalize('NFKC')
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\p{Extended_Pictographic}/gu, ' ')
    .replace(/\u200d|\ufe0f/gu, '')
    .replace(/([?!.,])\1+/g, '$1')
    .replace(/\bwhat's\b/gi, 'what is')
    .replace(/\bwho's\b/gi, 'who is')
    .replace(/\bwhere's\b/gi, 'where is')
    .replace(/\bhow's\b/gi, 'how is')
    .replace(
      /\b(\w+)n't\b/gi,
      (_m, verb: string) => `${verb.toLowerCase() === 'wo' ? 'will' : verb.toLowerCase() === 'ca' ? 'can' : verb} not`,
    )
    .replace(/\bi'm\b/gi, 'i am')
    .replace(/\bi've\b/gi, 'i have')
    .replace(/\bi'd\b/gi, 'i would')
    .replace(/\bi'll\b/gi, 'i will');
  return plain.replace(/[\p{L}][\p{L}'-]*/gu, (word, at: number) => {
    const lower = word.toLowerCase();
    // A letter of initials ("T.W.", "J.D.") is a name, never a shorthand ("w" for "with").
    if (word.length === 1 && (plain[at - 1] === '.' || plain[at + 1] === '.')) return word;
    const short = SHORTHANDS[lower];
    if (short) return short;
    if (vocabulary.includes(lower) || lower.length < 3 || KNOWN_WORDS.has(lower) || FILLER.has(lower)) return word;
    const meant = nearestWord(lower, vocabulary, { sameStart: true });
    return meant ?? word;
  });
}

export interface UnderstandingOptions {
  /** Words the day's windows, apps and work items hold, for typos in what a question names ("slak" → "slack"). */
  readonly vocabulary?: ReadonlySet<string>;
  /** Whether a word is anywhere in what was read on screen (a word there is no typo). */
  readonly seenOnScreen?: (word: string) => boolean;
  /** Intents the question is known not to be (a `workflow` question that names no workflow is read again without it). */
  readonly notKinds?: readonly QuestionKind[];
}

export function understandQuestion(text: string, nowMs: number, day: DayShape, options: UnderstandingOptions = {}): UnderstoodQuestion {
  const clean = normalized(text, INTENT_VOCABULARY);
  const lower = clean.toLowerCase();
  const { time, rest } = readTime(clean, nowMs, day);
  let kind: QuestionKind = RULES.find(([k, rule]) => !options.notKinds?.includes(k) && rule.test(lower))?.[0] ?? 'unknown';
  const lowerWords = words(lower);
  const { noun, modifiers } = headNoun(lowerWords);
  if (kind === 'open' && /^\W*(who|whom|whose)\b/.test(lower)) kind = 'who';
  if (kind === 'who' && noun && noun.list !== 'person' && noun.list !== 'organization' && !/^\W*(who|whom|whose)\b/.test(lower))
    kind = 'which';
  // "Which loads and jobs are still open?": two kinds of thing asked together narrow to neither.
  const nouns = [...new Set(lowerWords.map((w) => kindWord(w)?.plural).filter(Boolean))];
  const several = kind === 'open' && nouns.length > 1;
  const listOf = several ? null : (noun?.list ?? null);
  // "Tickets I touched today?", "what hosts came up": a question that opens with a kind of thing lists it.
  const lead =
    /^\W*(?:(?:what|which|list|show|name|any|all|the|my)\s+(?:me\s+)?(?:the\s+|my\s+|all\s+)?)?([a-z'’-]+)(?:\s+([a-z'’-]+))?/.exec(lower);
  const leadNoun = [lead?.[1], lead?.[2]].find((w) => w && /s$/.test(w) && kindWord(w));
  if ((kind === 'lookup' || kind === 'unknown') && leadNoun && noun && sameKind(kindWord(leadNoun), noun)) kind = 'which';
  // "PLAT-2147 reporter?", "author of the driver bump?": a role names the person asked for.
  if (
    (kind === 'lookup' || kind === 'unknown' || kind === 'which') &&
    noun?.list === 'person' &&
    noun.roles &&
    !/s$/.test(lowerWords.find((w) => sameKind(kindWord(w), noun)) ?? 's')
  )
    kind = 'who';
  if (kind === 'open' && /^\W*(anyone|anybody|someone|somebody|who|whom)\b/.test(lower)) kind = 'who';
  // "Anybody I need to get back to?": people the user owes a reply, whatever the question opened with.
  if (/^\W*(anyone|anybody|someone|somebody|who|whom|whose|is there anyone|is anyone)\b/.test(lower) && OWED_ASK.test(lower)) kind = 'who';
  // "What's the Hale invoice for?" asks its amount, not a reason.
  if (
    kind === 'why' &&
    /\bfor\W*$/.test(lower) &&
    /\b(invoice|bill|check|cheque|payment|quote|receipt|charge|expense|estimate)s?\b/.test(lower)
  )
    kind = 'value';
  // "ER-20931 total?", "what did my expenses come to": a question that names a figure asks for it, however short.
  if ((kind === 'lookup' || kind === 'unknown') && (lowerWords.some((w) => FIGURE_WORDS.has(w)) || FIGURE_ASK.test(lower))) kind = 'value';
  if (kind === 'activity' && FIGURE_ASK.test(lower)) kind = 'value';
  // "When was the fix deployed?", "what time did the load leave?": when something happened.
  if ((kind === 'lookup' || kind === 'unknown') && /^\W*(when|what time|at what time|what day)\b/.test(lower)) kind = 'seen';
  // "Cardiology appt date for REF-20931?", "what date did they give us": a date is a value of a record.
  if ((kind === 'lookup' || kind === 'unknown') && /\b(date|deadline)\b/.test(lower)) kind = 'value';
  // "L-40731 pickup time?": the time of an event a record names, said the way a field is labelled.
  const eventTime = (kind === 'lookup' || kind === 'unknown') && EVENT_TIME.test(lower);
  if (eventTime) kind = 'seen';
  // The noun of a list ("which tickets") says what to list, not what to look for; elsewhere it is a word like any other.
  const listing = kind === 'which' || kind === 'open' || (kind === 'who' && (noun?.list === 'person' || noun?.list === 'organization'));
  const intent = new Set([
    ...(INTENT_WORDS[kind] ?? []),
    ...(noun && listing ? [...lowerWords.filter((w) => sameKind(kindWord(w), noun)), ...modifiers] : []),
    ...(several ? lowerWords.filter((w) => kindWord(w) !== null) : []),
  ]);
  const [asked, leftOut = ''] = rest.split(/\b(?:besides|except|apart from|other than|but not|excluding|not counting)\b/i);
  const without = contentTerms(leftOut);
  let terms = correctTerms(
    contentTerms(asked!).filter((t) => !intent.has(t) && !(eventTime && t === 'time')),
    options,
  );
  // "Who no-showed or cancelled?", "list the cancellations and no shows": only states named, so the records seen in them.
  const states = terms.map((t) => ((t === 'shows' || t === 'show') && /\bno[- ]shows?\b/.test(lower) ? 'no-show' : stateOfWord(t)));
  const byState =
    (kind === 'who' || kind === 'lookup' || (kind === 'which' && listOf === null)) &&
    !noun &&
    !OWED_ASK.test(lower) &&
    terms.length > 0 &&
    states.every(Boolean);
  if (byState) {
    kind = 'which';
    terms = states as string[];
  }
  // "Which candidates were rejected or withdrew?", "list the withdrawn applicants": state words beside a plural
  // noun of people or records narrow its list to the ones seen in those states.
  const nounWord = noun ? lowerWords.find((w) => sameKind(kindWord(w), noun)) : undefined;
  if (
    !byState &&
    noun &&
    (noun.list === 'person' || noun.list === 'identifier') &&
    (kind === 'who' || kind === 'which' || kind === 'lookup') &&
    /s$/.test(nounWord ?? '') &&
    !OWED_ASK.test(lower) &&
    states.some(Boolean)
  ) {
    kind = 'which';
    terms = terms.map((t, i) => states[i] ?? t).filter((t) => !sameKind(kindWord(t), noun));
  }
  if (kind === 'moment' && time && time.pointMs === null) kind = 'activity';
  // "Lunch break length?": how long the break was, not the app time inside it.
  if (
    kind === 'time_spent' &&
    terms.length === 0 &&
    /\b(lunch|break)\b/.test(lower) &&
    !/\b(before|after|since|until|till|during|work|worked)\b/.test(lower)
  )
    kind = 'break';
  if (kind === 'day_bounds' && terms.length > 0) kind = 'seen';
  if (kind === 'which' && listOf === null && !byState) kind = terms.length > 0 ? 'lookup' : 'activity';
  if (kind === 'unknown' && terms.length > 0) kind = 'lookup';
  if (kind === 'unknown' && time) kind = 'activity';
  const roles = kind === 'who' || (kind === 'which' && listOf === 'person') ? rolesAsked(lower, noun) : [];
  return {
    text,
    kind,
    time,
    terms,
    edge: edgeOf(lower),
    listOf: byState ? 'identifier' : listOf,
    kindWord: byState ? RECORDS : several ? null : noun,
    relation: /\b(sent|send|emailed|from|wrote me|mailed)\b/.test(lower)
      ? 'sender'
      : /\b(asked|said|mentioned|messaged|wrote|told|talk|talked|chat|chatted|spoke)\b/.test(lower)
        ? 'speaker'
        : 'any',
    roles,
    without,
    valueWord: kind === 'value' ? (valueWordOf(lowerWords) ?? (/\bdue\b/.test(lower) ? 'due' : null)) : null,
  };
}

/** Records of any family: what a question that names only states lists. */
const RECORDS: KindWord = { list: 'identifier', families: null, roles: null, plural: 'records' };
/** Nouns and verbs of a state as a question says them ("cancellations", "no-showed", "withdrew"). */
const STATE_FORMS: Readonly<Record<string, string>> = {
  cancellation: 'cancelled',
  rejection: 'rejected',
  withdrawal: 'withdrawn',
  withdrew: 'withdrawn',
  approval: 'approved',
  denial: 'denied',
  refusal: 'declined',
  'no-showed': 'no-show',
  noshow: 'no-show',
  closure: 'closed',
};

/** The state a question's word names, as a state list writes it, or null. */
function stateOfWord(word: string): string | null {
  const one = word.replace(/(?<=[^s])s$/, '');
  const form = STATE_FORMS[word] ?? STATE_FORMS[one] ?? one;
  return stateClass(form.replace(/-/g, ' ')) !== null || stateClass(form) !== null ? form : null;
}

/** Nouns that name a thing's attribute, not another thing: "truck numbers" are trucks. */
const ATTRIBUTE_NOUNS = new Set(['number', 'numbers', 'no', 'nos', 'id', 'ids', 'code', 'codes', 'name', 'names', 'ref', 'refs']);

/**
 * The first kind noun a question names; of nouns side by side the last is the head ("job reqs" asks
 * for requisitions, "support tickets" for tickets), as English compounds are.
 */
function headNoun(lowerWords: readonly string[]): { noun: KindWord | null; modifiers: string[] } {
  const at = lowerWords.findIndex((w) => kindWord(w) !== null);
  if (at < 0) return { noun: null, modifiers: [] };
  let head = at;
  while (head + 1 < lowerWords.length && kindWord(lowerWords[head + 1]!) !== null && !ATTRIBUTE_NOUNS.has(lowerWords[head + 1]!)) head += 1;
  return { noun: kindWord(lowerWords[head]!), modifiers: lowerWords.slice(at, head) };
}

/** Whether two nouns ask for the same list ("invoice" and "invoices"). */
const sameKind = (a: KindWord | null, b: KindWord): boolean => a !== null && a.list === b.list && a.plural === b.plural;

/** A word of the target that is nowhere in the day (a typo) is read as the nearest word that is. */
function correctTerms(terms: readonly string[], options: UnderstandingOptions): string[] {
  const { vocabulary, seenOnScreen } = options;
  if (!vocabulary || vocabulary.size === 0) return [...terms];
  return terms.map((term) => {
    if (vocabulary.has(term) || /\d/.test(term) || term.length < 4 || COMMON_WORDS.has(term)) return term;
    if (seenOnScreen?.(term)) return term;
    return nearestWord(term, vocabulary) ?? term;
  });
}

function rolesAsked(lower: string, noun: KindWord | null): string[] {
  if (noun?.roles) return [...noun.roles];
  for (const [pattern, roles] of ROLE_ASKS) if (pattern.test(lower)) return [...roles];
  // "Who is interviewing Leon?", "who's reviewing the PR": the one doing it is the agent noun a label uses (interviewer, reviewer).
  const doing = /\bwho(?: is| are| was| were| will be)? ([a-z]{3,})ing\b/.exec(lower)?.[1];
  if (doing) {
    const agents = [...new Set([`${doing}er`, `${doing}or`, `${doing}er`.replace(/(.)\1er$/, '$1er'), `${doing}r`])];
    return agents.flatMap((a) => [a, `${a}s`]);
  }
  // "who is the hiring manager?": the noun after "the" is the role.
  const named = /\bwho (?:is|was|were|are) (?:the|my|our) ([a-z]+(?: [a-z]+)?)\b/.exec(lower);
  return named && !/\b(person|one|guy|woman|man)\b/.test(named[1]!) ? [named[1]!] : [];
}

function edgeOf(lower: string): 'first' | 'last' | null {
  if (/\bfirst\b|\bwhen did i (start|begin)\b|\bearliest\b/.test(lower)) return 'first';
  if (
    /\b(did|have|was) i last\b|\blast (time|saw|seen|opened|looked|used|visited|checked|see|open|touched|worked)\b|\bwhen did i (stop|finish|end|leave|quit)\b|\blatest\b|\bmost recent(ly)?\b/.test(
      lower,
    )
  )
    return 'last';
  return null;
}
