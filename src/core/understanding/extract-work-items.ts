import { fieldsOf } from './extract/fields';
import { figuresIn } from './extract/figures';
import { identifiersIn } from './extract/identifiers';
import { isNameShaped, isPersonLabel, organizationKey, roleOf, partiesIn, signOffName } from './extract/people';
import { placesIn } from './extract/places';
import { clipLine, STATE_PATTERN, stateClass, type ExtractedItem } from './work-item';

/** Labels whose value is a state ("Status: Resolved", "Stage: Offer sent"). */
const STATE_LABELS = /^(?:status|state|stage|phase|resolution|outcome|result|decision|disposition|progress)$/i;
/** "Matched to bank: 3 of 6", "Tasks 4/7 done": a count not yet full leaves the work open. */
const PROGRESS =
  /(?<![\d/.,])(\d{1,4})\s*(?:of\s*(\d{1,4})(?![\d/.,])|\/\s*(\d{1,4})(?![\d/.,])(?=\s+(?:done|complete|completed|matched|checked|tasks|steps|items|signed|approved|reviewed)\b))/iu;
/** Apps whose window title names the document open in them ("Offer letter - Google Docs"). */
const DOCUMENT_APPS =
  /\s[-–—|]\s(?:google docs|google sheets|google slides|microsoft word|word|excel|powerpoint|numbers|pages|keynote|libreoffice(?: \w+)?|notion|confluence|dropbox paper|quip|onenote|overleaf)\s*$/i;

interface Read {
  readonly items: ExtractedItem[];
  /** The record the text is about, to which a bare "Status: …" line belongs. */
  readonly main: ExtractedItem | null;
}

/** Texts repeat (a window read again at every return): what was read is remembered by text. */
const cache = new Map<string, Read>();
const CACHE_ENTRIES = 400;

/**
 * The work items of a window: its title, then the text read on screen (either may be empty). Each
 * item once per kind, key and role, in order of appearance, with the line it came from; a state seen
 * with an identifier ("INC-2231 … Resolved", "Status: Resolved" under it) is kept with that identifier.
 */
export function extractWorkItems(title: string, text: string): ExtractedItem[] {
  const key = `${title}\u0000${text}`;
  const known = cache.get(key);
  if (known) return known.items;
  const read = readItems(title, text);
  cache.set(key, read);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return read.items;
}

function readItems(title: string, text: string): Read {
  const items: ExtractedItem[] = [];
  const add = (item: ExtractedItem): void => {
    const same = items.findIndex(
      (i) => i.kind === item.kind && i.key === item.key && (i.role === item.role || i.role === '' || item.role === ''),
    );
    if (same === -1) items.push(item);
    else if (items[same]!.role === '' && item.role !== '') items[same] = { ...item, state: item.state || items[same]!.state };
    else if (!items[same]!.state && item.state) items[same] = { ...items[same]!, state: item.state };
  };
  const lines = [title, ...text.split('\n')].map((l) => l.trim());
  const titleItems = readLine(title, '');
  const titleDocument = DOCUMENT_APPS.test(title) ? title.replace(DOCUMENT_APPS, '').trim() : '';
  // "Motion to Dismiss - Doe v Roe.docx - Word": the document is all the title names before the app, not its last words.
  const cut = titleItems.findIndex((i) => i.kind === 'document' && titleDocument.length > i.name.length && titleDocument.endsWith(i.name));
  if (cut >= 0) titleItems.splice(cut, 1);
  if (titleDocument && !titleItems.some((i) => i.kind === 'document'))
    titleItems.push(item('document', titleDocument.toLowerCase(), titleDocument, '', '', '', title));
  const textItems = lines.slice(1).flatMap((line, i) => readLine(line, lines[i] ?? ''));
  textItems.push(...listedPeople(lines.slice(1)));
  textItems.push(...taskRows(lines.slice(1)));
  textItems.push(...peopleRows(lines.slice(1)));
  const main =
    titleItems.find((i) => i.kind === 'identifier') ??
    titleItems.find((i) => i.kind === 'document') ??
    textItems.slice(0, 12).find((i) => i.kind === 'identifier') ??
    null;
  for (const found of [...titleItems, ...textItems]) add(found);
  // A state or progress line that names no record belongs to the record the text is about.
  if (main) {
    for (const line of lines.slice(1)) {
      if (identifiersIn(line).length > 0) continue;
      const state = labelledState(line) ?? progressOf(line);
      if (state) {
        // The state's own line is what shows it, so it is the line kept.
        const at = items.findIndex((i) => i.kind === main.kind && i.key === main.key);
        if (at !== -1) items[at] = { ...items[at]!, state, line: clipLine(line) };
      }
    }
  }
  return { items, main };
}

function item(
  kind: ExtractedItem['kind'],
  key: string,
  name: string,
  role: string,
  label: string,
  state: string,
  line: string,
): ExtractedItem {
  return { kind, key, name, role, label, state, line: clipLine(line) };
}

/** One line's items; `previous` is the line above (a sign-off's name is on the line after it). */
function readLine(line: string, previous: string): ExtractedItem[] {
  if (!/[\p{L}\p{N}]/u.test(line)) return [];
  const out: ExtractedItem[] = [];
  const fields = fieldsOf(line);
  const identifiers = identifiersIn(line);
  const states = statesOn(line, fields);
  for (const id of identifiers) {
    // The state nearest after the identifier, else the nearest before it.
    const after = states.find((s) => s.index >= id.index + id.length);
    const before = [...states].reverse().find((s) => s.index < id.index);
    const state =
      identifiers.length === 1
        ? (after ?? before)?.state
        : after && !identifiers.some((o) => o.index > id.index && o.index < after.index)
          ? after.state
          : undefined;
    out.push(item('identifier', id.key, id.name, id.family, '', state ?? progressOf(line) ?? '', line));
  }
  for (const party of partiesIn(line)) {
    const key = party.kind === 'organization' ? organizationKey(party.name) : party.name.toLowerCase();
    out.push(item(party.kind, key, party.name, party.role, '', '', line));
  }
  const signed = signOffName(previous, line);
  if (signed) out.push(item('person', signed.toLowerCase(), signed, 'signed', '', '', line));
  for (const figure of figuresIn(line, fields)) out.push(item(figure.kind, figure.key, figure.name, '', figure.label, '', line));
  for (const place of placesIn(line)) {
    // A document named in a line that also names a record is part of that record's work.
    const state = place.kind === 'document' && identifiers.length === 0 ? (states[0]?.state ?? '') : '';
    out.push(item(place.kind, place.key, place.name, '', '', state, line));
  }
  return out;
}

interface StateMention {
  readonly index: number;
  readonly state: string;
}

/** State words of a line that say where something stands: not a role ("assigned to"), not a button row. */
function statesOn(line: string, fields: ReturnType<typeof fieldsOf>): StateMention[] {
  const mentions: StateMention[] = [];
  for (const m of line.matchAll(STATE_PATTERN)) {
    const rest = line.slice(m.index + m[0].length);
    const word = m[0].toLowerCase();
    // "assigned to Priya" is a role, "open the file" a verb, "matched to bank" a progress line's words.
    if (/^(?:assigned|matched)$/.test(word) && /^\s*(?:to|by)\b/i.test(rest)) continue;
    if (word === 'open' && /^\s+(?:the|a|an|in|with|it|this|that|your|my|up)\b/i.test(rest)) continue;
    // A field whose label is not a state ("Amount due: …", "Sent: Tuesday") says nothing of a state; a colon
    // inside a line ("PLAT-2152 Flaky test: test_refund_partial … In Review") is no such field.
    const field = [...fields].reverse().find((f) => f.index <= m.index);
    if (field && m.index < field.index + field.label.length) continue;
    const opensLine = field !== undefined && line.slice(0, field.index).trim() === '';
    if (
      field &&
      opensLine &&
      !STATE_LABELS.test(field.label) &&
      !/\b(?:is|was|now|marked|set to|moved to)\s*$/i.test(line.slice(0, m.index))
    )
      continue;
    mentions.push({ index: m.index, state: m[0].toLowerCase() });
  }
  // Three state words and nothing else is a row of buttons or a legend, not a state.
  if (mentions.length >= 3 && line.replace(STATE_PATTERN, '').replace(/[^\p{L}\p{N}]/gu, '').length < 4) return [];
  return mentions;
}

/** A list's header whose first column names the work of each row and that has a state column ("Task  Due  Assignee  Status"). */
const TASK_HEADER = /^\s*(task|to-?do|action(?: item)?|deliverable|assignment|work item)s?\b.*\b(status|state|stage)\s*$/i;
/** Where a row's first cell ends: the first date, clock time, figure or number of the row. */
const CELL_END =
  /\s(?=(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d|\d{1,2}[/:.-]\d|\d{4}-\d{2}|[$€£]\s?\d|\d+(?:[.,]\d+)?\s*%?\s|(?:today|tomorrow|yesterday|mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)/i;

/**
 * The rows of a task list ("Draft motion to compel production  Sep 21, 2026  Owen Brooks  In progress"):
 * each row is a record named by its first cell, in the state its last cell shows, though it has no number.
 */
function taskRows(lines: readonly string[]): ExtractedItem[] {
  const found: ExtractedItem[] = [];
  let inList = false;
  for (const line of lines) {
    if (TASK_HEADER.test(line)) {
      inList = true;
      continue;
    }
    if (!inList) continue;
    const state = [...line.matchAll(STATE_PATTERN)].at(-1);
    if (!state || line.slice(state.index + state[0].length).trim() !== '' || identifiersIn(line).length > 0) {
      inList = false;
      continue;
    }
    const name = line.slice(0, CELL_END.exec(line)?.index ?? state.index).trim();
    if (name.split(/\s+/).length < 2 || name.length > 80) continue;
    found.push(item('identifier', `task:${name.toLowerCase()}`, name, 'task', '', state[0].toLowerCase(), line));
  }
  return found;
}

/** A heading that a list of people follows ("People (5)", "Attendees", "Participants:"). */
const PEOPLE_HEADING =
  /^\s*(people|participants|attendees|guests|invitees|members|speakers|panel|interviewers|reviewers|assignees|attending|in this (?:call|meeting))\b\s*(?:\(\d+\))?\s*:?\s*$/i;
/** "Priyanka Das (Host)", "Jonas Weber (You)", "Aisha Khan": one person a line, an optional role in brackets. */
const LISTED_PERSON = /^\s*[-•*]?\s*(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3})\s*(?:\(([^)]{1,30})\))?\s*$/u;

/** People listed one a line under a heading that says who they are: the heading is their role. */
function listedPeople(lines: readonly string[]): ExtractedItem[] {
  const found: ExtractedItem[] = [];
  let role: string | null = null;
  for (const line of lines) {
    const heading = PEOPLE_HEADING.exec(line);
    if (heading) {
      role = heading[1]!.toLowerCase();
      continue;
    }
    const person = role ? LISTED_PERSON.exec(line) : null;
    if (!person) {
      role = null;
      continue;
    }
    const own = person[2]?.toLowerCase().trim();
    // "(You)" is the user; "(Host)", "(Organizer)" a role of their own beside the list's.
    found.push(item('person', person[1]!.toLowerCase(), person[1]!, own && own !== 'you' && own.length < 20 ? own : role!, '', '', line));
    if (own && own !== 'you' && own.length < 20) found.push(item('person', person[1]!.toLowerCase(), person[1]!, role!, '', '', line));
  }
  return found;
}

/** A list's header of single capitalised words ("Candidate  Application  Stage  Status"). */
const COLUMN_HEADER = /^\s*\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*){1,7}\s*$/u;
/** Column heads that name a person only as a message's party, not the one a row is about. */
const NOT_ROW_ROLES = new Set(['from', 'to', 'cc', 'bcc', 'by', 'with', 'who', 'name']);
/** A row's first cell as a person: two capitalised words before the next cell. */
const ROW_NAME = /^\s*(\p{Lu}[\p{L}'’-]+\s+\p{Lu}[\p{L}'’-]+)(?=\s|$)/u;

/**
 * The rows of a list whose first column names a role ("Candidate  Application  Stage  Status",
 * "Patient  Time  Provider  Status"): each row's first cell is a person in that role, in the state the
 * row's last state word shows ("Aiko Brandt  APP-77431  Application review  Withdrawn").
 */
function peopleRows(lines: readonly string[]): ExtractedItem[] {
  const found: ExtractedItem[] = [];
  let role: string | null = null;
  for (const line of lines) {
    const head = COLUMN_HEADER.test(line) ? roleOf(line.trim().split(/\s+/)[0]!) : null;
    if (head && isPersonLabel(head) && !NOT_ROW_ROLES.has(head)) {
      role = head;
      continue;
    }
    const name = role ? ROW_NAME.exec(line)?.[1] : undefined;
    if (!role || !name || !isNameShaped(name, 2)) {
      role = null;
      continue;
    }
    const state = [...line.matchAll(STATE_PATTERN)].at(-1)?.[0].toLowerCase() ?? '';
    found.push(item('person', name.toLowerCase(), name, role, '', state, line));
  }
  return found;
}

/** "Status: In Progress" → "in progress". */
function labelledState(line: string): string | null {
  for (const field of fieldsOf(line)) {
    if (!STATE_LABELS.test(field.label)) continue;
    const m = new RegExp(STATE_PATTERN.source, 'iu').exec(field.value);
    if (m) return m[0].toLowerCase();
    const progress = progressOf(field.value);
    if (progress) return progress;
  }
  return null;
}

/** "Matched to bank: 3 of 6" → "matched to bank: 3 of 6" (a count of done steps, kept with its words). */
function progressOf(line: string): string | null {
  const m = PROGRESS.exec(line);
  const total = Number(m?.[2] ?? m?.[3]);
  if (!m || total === 0 || Number(m[1]) > total || total > 500) return null;
  const words = line
    .slice(0, m.index)
    .replace(/[\s:–-]+$/, '')
    .trim();
  if (!words || /\d[\d,.]*$/.test(words)) return null;
  return `${words.toLowerCase().slice(-40)}: ${m[1]} of ${total}`;
}

/** Whether a state string leaves work to do (for callers that hold only the text). */
export function unfinishedState(state: string): boolean {
  const progress = /(\d+) of (\d+)$/.exec(state);
  const cls = progress ? stateClass(`${progress[1]} of ${progress[2]}`) : stateClass(state);
  return cls === 'open' || cls === 'waiting' || cls === 'scheduled';
}
