import { rowOf, type KindSightings, type Sighting } from '../../store/repositories/work-item-repository';
import type { WorkItemKind } from '../../store/repositories/work-item-record';
import { extractWorkItems } from '../../understanding/extract-work-items';
import { isUser, type UserIdentity } from '../../understanding/user-identity';
import { identityOf } from '../day-tasks';
import { toEvidence, when } from '../evidence-format';
import { peopleNamedIn } from '../named-people';
import { coverage, coverageFrom, termMatches } from '../question-terms';
import { OWED_ASK, type UnderstoodQuestion } from '../question-understanding';
import { oneLine, retrieveEvidence, type Found } from '../retrieval';
import { answerLookup } from './lookup';
import {
  allHistory,
  answer,
  askedWindow,
  asAsked,
  joinAnd,
  quoted,
  rowText,
  today,
  windowOf,
  type RecallAnswer,
  type RecallContext,
} from './answer-kit';
import { SYNONYMS } from '../lexicon';
import { localDateOf, localDayBounds } from '../../time';

type How = 'sender' | 'speaker' | 'named' | 'role';

interface Candidate {
  readonly name: string;
  score: number;
  /** Frames that name them (a name seen in many places is better supported, a little). */
  readonly frames: Set<string>;
  /** The line that names them, and the evidence it came from. */
  line: string;
  found: Found;
  how: How;
  role: string;
}

/** "Raj Patel  10:05 AM": a chat app's line naming who wrote the messages under it. */
const SPEAKER =
  /^\s*((?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+)?\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)+)\s+(?:\d{1,2}:\d{2}\s*(?:AM|PM)?|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}|Yesterday|Today)\s*$/u;
/** A row of an inbox, a call list or a voicemail box that says its sender still waits: a flag, a deadline to reply, a request, a question. */
const OWED_FLAG =
  /\b(?:follow[ -]?up|reply by|respond by|needs? (?:a )?(?:reply|response|answer)|call back|awaiting (?:your )?(?:reply|response|answer)|please (?:sign|reply|confirm|respond|send|review|call|advise|approve)|(?:can|could) you)\b|\?/i;
/** Initials that stand for a person where names are kept off screen ("T.W.", "J.D."). */
const INITIALS = /^\s*((?:\p{Lu}\.){2,3})(?=\s|$)/u;
const MAX_NAMED = 5;
/** The share of the question's words a screen must hold for the people its labels name to answer. */
const SUBJECT_FLOOR = 0.5;
/** What a role's label names: people and organizations (a year holds many more sightings of other kinds). */
const PARTIES: ReadonlySet<WorkItemKind> = new Set(['person', 'organization']);
/** The sightings that tell who the user is (a mailbox's address in its title). */
const MAIL: ReadonlySet<WorkItemKind> = new Set(['email']);
/** A question about a meeting's people ("who was in the 2pm call?"). */
const MEETING_ASK = /\b(call|meeting|standup|stand-up|sync|interview|huddle|1:1|session|demo|review)\b/i;
const MEETING_WORDS = SYNONYMS.meeting!;
/** A reminder or a to-do that says the user still owes someone ("Reminder: reply to Priyanka Das about …"). */
const REMINDER = /\b(remind(?:er)?|follow[ -]?up|to ?do|call ?back|don'?t forget|flagged|owe)\b/i;
const OWED_TO =
  /\b(?:reply|respond|get back|write back|call back|call|ring|follow up|answer|send|email|text|ping)\s+(?:to\s+|with\s+)?(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,2})/u;
/** Words of "who do I owe a reply to?" that say what is owed, not where. */
const OWE_WORDS = new Set(
  'owe owed reply replies respond response answer back waiting need needs yet supposed get anyone anybody someone follow ups call hear still'.split(
    ' ',
  ),
);
/** A message that waits on the reader: a question, or a request. */
const ASKS = /\?|\b(can|could|would|will) you\b|\bplease\b|\blet me know\b|\bwhen you (get|have) a (chance|minute)\b|\bany update\b/i;

/**
 * "Who reported OPS-1187?", "who sent invoice 5102?", "who was in the 2pm call?", "who asked about the
 * supplier's payment?", "who do I owe a reply to?": the person a label gives the role asked for (reported by,
 * assigned to, from, attendees, candidate…) where the question's words are; else the author of the chat
 * line that holds them, a sender ("from …"), or a person named on that line. The user is never the answer.
 */
export function answerWho(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const time = askedWindow(question, allHistory(ctx.nowMs));
  const window = windowOf(time);
  const identity = identityOf(ctx.store, ctx.store.items.sightingsOfKinds(window, MAIL).found);
  if (OWED_ASK.test(question.text)) return owedReplies(ctx, question, identity);
  if (question.terms.length === 0 && question.time?.pointMs === undefined && question.roles.length === 0)
    return answer(['Tell me who you are looking for, e.g. “who sent the last invoice?” or “who reported the ticket?”.'], [], false);
  // "Who was in the 2pm call?": the people of the window of that moment, whenever in the day they were read.
  const point = question.time?.pointMs ?? null;
  const people = ctx.store.items.sightingsOfKinds(point !== null ? localDayBounds(localDateOf(point)) : window, PARTIES);
  const byRole = fromRoles(ctx, question, people, identity);
  if (byRole) return byRole;
  const found = retrieveEvidence(ctx.store, { terms: question.terms, window, sources: ['screen_text', 'window'], limit: 30 });
  const inWindow = found.filter(
    (f) => question.terms.length > 0 && question.terms.every((t) => termMatches(t, `${f.app ?? ''} ${f.windowTitle ?? ''}`)),
  );
  const byLine = candidatesFromLines(found, question, identity);
  if (byLine.length === 0 && inWindow.length > 0 && question.relation !== 'sender') return everyoneIn(ctx, question, inWindow, identity);
  const best = byLine[0];
  if (!best) return answerLookup(ctx, question, "I couldn't tell who from what I saw");
  const where = `${best.found.app}, “${best.found.windowTitle}”, ${when(best.found.atMs, ctx.nowMs)}`;
  const lines = [headline(best, question), `It says so in ${where}: “${oneLine(best.line)}”.`];
  const runnerUp = byLine[1] && byLine[1].score >= 0.6 * best.score ? byLine[1] : null;
  if (runnerUp) lines.push(`${runnerUp.name} is named there too.`);
  const evidence = [toEvidence({ ...best.found, snippet: oneLine(best.line) }, headline(best, question).replace(/\*\*/g, ''))];
  if (runnerUp && runnerUp.found !== best.found)
    evidence.push(toEvidence({ ...runnerUp.found, snippet: oneLine(runnerUp.line) }, `${runnerUp.name} is named`));
  return answer(lines, evidence);
}

/**
 * How well a sighting's role fits the roles a question asks for, best first ("from" before "wrote" for
 * "who sent"): the rank of the first that fits, or -1. Authorship of a chat line is told line by line, not here.
 */
function roleRank(role: string, wanted: readonly string[]): number {
  if (role === '' || role === 'wrote') return -1;
  return wanted.findIndex((w) => role === w || role.startsWith(`${w} `) || role.startsWith(w) || w.startsWith(role));
}

const roleFits = (role: string, wanted: readonly string[]): boolean => roleRank(role, wanted) !== -1;

/**
 * People with the role asked for, where the question's words are: sightings of the same screen or
 * window as the subject (a record, a title, a line), or, for "who was in the 2pm call?", in the window
 * on screen at that moment.
 */
function fromRoles(ctx: RecallContext, question: UnderstoodQuestion, people: KindSightings, identity: UserIdentity): RecallAnswer | null {
  const point = question.time?.pointMs ?? null;
  const span = point !== null ? placeAt(ctx, point, question.text) : null;
  const inPlace = (s: Sighting): boolean => !span || (s.app === span.app && s.title === span.title);
  // People and organizations with the role asked for first: a year holds many more, and only their screens' text is read.
  const fitting = people.found
    .filter((s) => inPlace(s) && (question.roles.length > 0 || !isUser(identity, s)))
    .map((s) => ({ s, rank: question.roles.length > 0 ? roleRank(s.role, question.roles) : -1 }))
    .filter((x) => x.rank !== -1 || (question.roles.length === 0 && span !== null));
  if (fitting.length === 0) return null;
  const refText = new Map<number, string>();
  for (const { s } of fitting) {
    const key = rowOf(s);
    if (!refText.has(key)) refText.set(key, rowText(people.rows.get(key)!));
  }
  const subjectOf = new Map<number, number>();
  const scored = fitting
    .map(({ s, rank }) => {
      const ref = rowOf(s);
      if (question.terms.length > 0 && !subjectOf.has(ref))
        subjectOf.set(ref, coverageFrom(question.terms, refText.get(ref) ?? '', SUBJECT_FLOOR));
      const subject = question.terms.length === 0 ? 1 : subjectOf.get(ref)!;
      return { s, subject, rank };
    })
    .filter((x) => x.subject >= SUBJECT_FLOOR);
  if (scored.length === 0) return null;
  const best = Math.max(...scored.map((x) => x.subject));
  // Who was in a meeting: everyone the screen lists there, whatever the label (host, people, attendees).
  const together = question.roles.some((r) => /^(attendee|participant|people|member|guest|invitee)s?$/.test(r));
  const rankOf = (x: { rank: number }): number => (x.rank === -1 ? 99 : together ? 0 : x.rank);
  const bestRank = Math.min(...scored.filter((x) => x.subject === best).map(rankOf));
  const ranked = scored.filter((x) => x.subject === best && rankOf(x) === bestRank);
  // "Referred to: Cardiology - Dr. Elena Ruiz, Lakeside Heart Center": who asks for the person the
  // role's line names beside the organization, when the label reached only the organization.
  const beside = ranked.every((x) => x.s.kind === 'organization')
    ? people.found
        .filter(
          (p) =>
            p.kind === 'person' &&
            !isUser(identity, p) &&
            ranked.some((x) => x.s.source === p.source && x.s.refId === p.refId && x.s.line === p.line),
        )
        .map((p) => ({ s: { ...p, role: ranked[0]!.s.role }, subject: best, rank: bestRank }))
    : [];
  const top = beside.length > 0 ? beside : ranked;
  const named = new Map<string, Sighting>();
  // Others first; the user, when the role is theirs, as "you" ("who is it assigned to?" — "you").
  for (const { s } of top.sort((a, b) => Number(isUser(identity, a.s)) - Number(isUser(identity, b.s)) || b.s.atMs - a.s.atMs))
    if (!named.has(s.itemName)) named.set(s.itemName, s);
  const all = [...named.keys()];
  const others = all.filter((n) => !isUser(identity, { kind: 'person', key: n.toLowerCase() }));
  const names = (others.length > 0 ? others : all).slice(0, MAX_NAMED);
  const you = others.length < all.length;
  const first = named.get(names[0]!)!;
  const roles = [...new Set(top.map((x) => x.s.role).filter(Boolean))];
  const role = roles.slice(0, 2).join(', ') || (span ? 'on screen then' : 'named');
  const about = question.terms.length > 0 ? ` for ${quoted(question)}` : span ? ` in ${span.title}` : '';
  const shown = others.length > 0 ? names.map((n) => `**${n}**`) : [`you (${names[0]})`];
  const withYou = you && others.length > 0 ? ', and you' : '';
  const lines = [
    `${capitalize(joinAnd(shown))}${withYou} — “${role}”${about}, as ${first.app} showed it in “${first.title}” at ${when(first.atMs, ctx.nowMs)}.`,
  ];
  if (others.length > MAX_NAMED) lines.push(`…and ${others.length - MAX_NAMED} more.`);
  const evidence = names.map((name) => {
    const s = named.get(name)!;
    return {
      claim: `${name}: ${s.role || 'named'}`,
      at: new Date(s.atMs).toISOString(),
      until: new Date(s.untilMs).toISOString(),
      app: s.app,
      windowTitle: s.title,
      snippet: s.line.replace(s.name, `**${s.name}**`),
      source: s.source === 'screen' ? ('screen_text' as const) : ('window' as const),
      open: { at: new Date(s.atMs).toISOString(), screenTextId: s.source === 'screen' ? s.refId : null },
      ...(s.device && { device: s.device }),
    };
  });
  return answer(lines, evidence);
}

/** Names on the lines holding the most of the question's words, best supported first; never the user. */
function candidatesFromLines(found: readonly Found[], question: UnderstoodQuestion, identity: UserIdentity): Candidate[] {
  const lines = found.flatMap((f) =>
    f.text.split('\n').map((line, i, all) => ({ f, line, i, all, share: coverage(question.terms, line) })),
  );
  const levels = [...new Set(lines.map((l) => l.share).filter((s) => s > 0))].sort((a, b) => b - a);
  for (const level of levels) {
    const candidates = new Map<string, Candidate>();
    const add = (name: string, weight: number, line: string, f: Found, how: How, role: string): void => {
      const key = name.toLowerCase().replace(/\s+(inc|ltd|llc|corp)\.?$/, '');
      if (isUser(identity, { kind: 'person', key })) return;
      // The subject of the question is not its answer ("who owns the IT Services budget?" is not "IT Services").
      if (key.split(/\s+/).every((w) => question.terms.includes(w) || w.length <= 2)) return;
      const known = candidates.get(key) ?? { name, score: 0, frames: new Set<string>(), line, found: f, how, role };
      if (weight > known.score) Object.assign(known, { line, found: f, how, role });
      known.score = Math.max(known.score, weight);
      known.frames.add(`${f.app}\u0000${f.windowTitle}\u0000${f.atMs}`);
      candidates.set(key, known);
    };
    for (const { f, line, i, all } of lines.filter((l) => l.share === level)) {
      const items = extractWorkItems('', line).filter((item) => item.kind === 'person' || item.kind === 'organization');
      for (const item of items.filter((x) => x.role === 'from' || x.role === 'sender' || x.role === 'sent by'))
        add(item.name, f.score * (question.relation === 'sender' ? 3 : 1.5), line, f, 'sender', item.role);
      const speaker = speakerOf(all, i);
      if (speaker) add(speaker, f.score * (question.relation === 'speaker' ? 3 : 1.5), line, f, 'speaker', 'wrote');
      if (!SPEAKER.test(line)) {
        for (const item of items.filter((x) => x.role !== 'from'))
          add(
            item.name,
            f.score * (question.relation === 'any' ? 2 : 1) * (roleFits(item.role, question.roles) ? 2 : 1),
            line,
            f,
            'named',
            item.role,
          );
        for (const name of peopleNamedIn(line)) add(name, f.score * (question.relation === 'any' ? 2 : 1), line, f, 'named', '');
      }
    }
    if (candidates.size === 0) continue;
    return [...candidates.values()].map((c) => ({ ...c, score: c.score + 0.1 * (c.frames.size - 1) })).sort((a, b) => b.score - a.score);
  }
  return [];
}

/** Everyone who wrote (or is named) in the windows the question names: "who did I talk to on Slack?". */
function everyoneIn(ctx: RecallContext, question: UnderstoodQuestion, frames: readonly Found[], identity: UserIdentity): RecallAnswer {
  const people = new Map<string, Found>();
  for (const f of frames) {
    for (const line of f.text.split('\n')) {
      const name = SPEAKER.exec(line)?.[1] ?? null;
      if (name && !people.has(name) && !isUser(identity, { kind: 'person', key: name.toLowerCase() })) people.set(name, f);
    }
  }
  if (people.size === 0)
    for (const f of frames)
      for (const item of extractWorkItems(f.windowTitle ?? '', f.text))
        if (item.kind === 'person' && !people.has(item.name) && !isUser(identity, item)) people.set(item.name, f);
  const names = [...people.keys()];
  if (names.length === 0) return answerLookup(ctx, question, `I saw no names in ${quoted(question)}`);
  const shown = names.slice(0, MAX_NAMED);
  const more = names.length > MAX_NAMED ? ` and ${names.length - MAX_NAMED} more` : '';
  const frame = frames[0]!;
  const lines = [`**${joinAnd(shown)}**${more} — I saw messages from them in ${frame.app}, “${frame.windowTitle}”.`];
  const evidence = shown.map((name) => toEvidence({ ...people.get(name)!, snippet: name }, `${name} wrote in ${frame.windowTitle}`));
  return answer(lines, evidence);
}

/**
 * "Who do I owe a reply to?": the people whose last message in a chat or mail asked something of the
 * user (a question, a request) with nothing the user wrote after it there.
 */
function owedReplies(ctx: RecallContext, question: UnderstoodQuestion, identity: UserIdentity): RecallAnswer {
  const time = askedWindow(question, today(ctx.nowMs));
  const { label } = time;
  const window = windowOf(time);
  const rows = ctx.store.screenText.textBetween(window.startMs, window.endMs, 2000);
  const terms = question.terms.filter((t) => !OWE_WORDS.has(t));
  const waiting = new Map<string, { name: string; line: string; row: (typeof rows)[number] }>();
  const answered = new Set<string>();
  // The people the day's screens named, longest names first, to tell a row's sender from its subject.
  const dayPeople = [
    ...new Set(
      ctx.store.items
        .sightingsIn(window)
        .filter((s) => s.kind === 'person')
        .map((s) => s.name),
    ),
  ].sort((a, b) => b.length - a.length);
  // Oldest first, so a later reply by the user settles an earlier question.
  for (const row of [...rows].reverse()) {
    if (terms.length > 0 && !terms.some((t) => termMatches(t, `${row.app} ${row.title} ${row.text}`))) continue;
    const lines = row.text.split('\n');
    let speaker: string | null = null;
    for (const [i, line] of lines.entries()) {
      const reminded = REMINDER.test(line) ? OWED_TO.exec(line) : null;
      if (reminded && !isUser(identity, { kind: 'person', key: reminded[1]!.toLowerCase() })) {
        // A reminder is the user's own note: whoever it names waits, until the user writes to them after it.
        const key = `reminder\u0000${reminded[1]!}`;
        answered.delete(key);
        waiting.set(key, { name: reminded[1]!, line: line.trim(), row });
        continue;
      }
      const sender = OWED_FLAG.test(line) ? rowSender(line, dayPeople) : null;
      if (sender && !isUser(identity, { kind: 'person', key: sender.toLowerCase() })) {
        waiting.set(`row\u0000${sender}`, { name: sender, line: line.trim(), row });
        continue;
      }
      const named =
        SPEAKER.exec(line)?.[1] ??
        /^\s*from:\s*(.+)$/i
          .exec(line)?.[1]
          ?.replace(/<[^>]*>/, '')
          .trim() ??
        null;
      if (named) {
        speaker = named;
        if (isUser(identity, { kind: 'person', key: named.toLowerCase() }) || isUser(identity, { kind: 'email', key: named.toLowerCase() }))
          for (const key of waiting.keys()) if (key.startsWith(`${row.app}\u0000${row.title}\u0000`)) answered.add(key);
        continue;
      }
      if (!speaker || isUser(identity, { kind: 'person', key: speaker.toLowerCase() }) || !ASKS.test(line)) continue;
      const key = `${row.app}\u0000${row.title}\u0000${speaker}`;
      answered.delete(key);
      waiting.set(key, { name: speaker, line: lines[i]!.trim(), row });
    }
  }
  const owed = [...waiting.entries()].filter(([key]) => !answered.has(key)).map(([, v]) => v);
  if (owed.length === 0) return answerLookup(ctx, question, `I saw no question to you left without a reply ${label}`);
  const byPerson = new Map<string, (typeof owed)[number]>();
  for (const o of owed) byPerson.set(o.name, o);
  const people = [...byPerson.values()];
  const lines = [
    `${joinAnd(people.slice(0, MAX_NAMED).map((p) => `**${p.name}**`))} — their last message${people.length === 1 ? '' : 's'} asked you something and I saw no reply after ${people.length === 1 ? 'it' : 'them'}:`,
    ...people
      .slice(0, MAX_NAMED)
      .map((p) => `- ${p.name} in ${p.row.app}, “${p.row.title}” (${when(p.row.atMs, ctx.nowMs)}): “${oneLine(p.line).slice(0, 140)}”`),
  ];
  const evidence = people.slice(0, MAX_NAMED).map((p) => ({
    claim: `${p.name} is waiting for a reply`,
    at: new Date(p.row.atMs).toISOString(),
    until: null,
    app: p.row.app,
    windowTitle: p.row.title,
    snippet: oneLine(p.line).slice(0, 300),
    source: 'screen_text' as const,
    open: { at: new Date(p.row.atMs).toISOString(), screenTextId: p.row.id },
    ...(p.row.device && { device: p.row.device }),
  }));
  return answer(lines, evidence);
}

/** The person a row opens with ("Ruth Greaves  Estate inventory - anything else you need?  Wed  Follow up"). */
function rowSender(line: string, people: readonly string[]): string | null {
  const start = line.trim().replace(/^(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+/, '');
  const known = people.find((p) => p.includes(' ') && start.toLowerCase().startsWith(`${p.toLowerCase()} `));
  return known ?? INITIALS.exec(start)?.[1] ?? null;
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The window a "who was in the 2pm call?" is about: the one on screen then, or, when the question names a
 * meeting and that was none, the meeting nearest that moment (within an hour).
 */
function placeAt(ctx: RecallContext, point: number, text: string): { app: string | null; title: string | null } | null {
  const at = ctx.store.activity.spanAt(point);
  if (!MEETING_ASK.test(text)) return at;
  const isMeeting = (w: { app: string | null; title: string | null }): boolean =>
    MEETING_WORDS.some((m) => termMatches(m, `${w.app ?? ''} ${w.title ?? ''}`));
  if (at && isMeeting(at)) return at;
  const near = ctx.store.activity
    .windowsIn({ startMs: point - 3_600_000, endMs: point + 3_600_000 })
    .filter(isMeeting)
    .sort((a, b) => Math.abs(a.firstMs - point) - Math.abs(b.firstMs - point))[0];
  return near ?? at;
}

function headline(best: Candidate, question: UnderstoodQuestion): string {
  const about = asAsked(question);
  if (best.how === 'sender') return `**${best.name}** sent ${about}.`;
  if (best.how === 'speaker') {
    const verb = /\b(asked|said|mentioned|messaged|wrote|told)\b/i.exec(question.text)?.[1]?.toLowerCase() ?? 'wrote';
    return `**${best.name}** ${verb} it, in a message about ${about}.`;
  }
  return `**${best.name}**${best.role ? ` (${best.role})` : ''}, named beside ${about}.`;
}

/** The author of chat line `i`: the nearest speaker line above it. */
function speakerOf(lines: readonly string[], i: number): string | null {
  if (SPEAKER.test(lines[i]!)) return null;
  for (let j = i - 1; j >= 0; j--) {
    const match = SPEAKER.exec(lines[j]!);
    if (match) return match[1]!;
  }
  return null;
}
