import { fieldsOf } from './fields';

/**
 * People and organisations with the role a label or a sentence gives them: "From: Maria Chen",
 * "Assigned to: Priya Nair", "Attendees: Tom Becker, Ana Ruiz", "reported by Sam Lee", a chat line's
 * author ("Raj Patel  10:05 AM"), "Hi Dana," (the one written to). No name lexicon: a name is what a
 * label, a sentence or a layout says is one, and has a name's shape.
 */
export interface FoundParty {
  readonly kind: 'person' | 'organization' | 'email';
  readonly name: string;
  /** The role as the screen words it, lower case ("from", "reported by", "attendees", "wrote"). */
  readonly role: string;
}

const WORD = String.raw`\p{Lu}[\p{Ll}\p{Lo}'’-]*(?:\.(?=\s))?`;
const PARTICLE = String.raw`(?:van|von|de|da|del|della|di|du|la|le|bin|al|ter|den|der|dos|das)`;
/** One to four capitalised words, with the particles surnames carry ("Ana de la Cruz"). */
const NAME = String.raw`${WORD}(?:\s+(?:${PARTICLE}\s+){0,2}${WORD}){0,3}`;
const EMAIL = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.\p{L}{2,}(?![\w-])`;
const NAME_RE = new RegExp(`^${NAME}$`, 'u');

/** Words that end a company's name. */
export const COMPANY_ENDINGS = new Set(
  `supplies supply software logistics facilities freight bank inc ltd llc llp plc gmbh ag sa bv corp corporation company co
  group services solutions systems partners holdings labs technologies consulting insurance industries foods catering hardware
  imports exports cloud paper office associates law legal clinic hospital health healthcare medical pharmacy motors airlines
  transport trucking shipping energy capital financial bancorp trust university college school foundation agency
  media networks telecom manufacturing electric electronics construction builders realty properties ventures enterprises traders
  trading markets retail stores brands pharma biotech analytics digital robotics`.split(/\s+/),
);

/** Labels whose value is an organisation. */
const ORG_LABELS = new Set(
  `company vendor supplier organization organisation org firm carrier employer payee payer bank insurer agency court practice clinic
  hospital school university team department dept business merchant lender broker distributor manufacturer shipper consignee
  account`.split(/\s+/),
);
/** Labels whose value may be a person or an organisation: decided by the value's shape. */
const PARTY_LABELS = new Set(['customer', 'client', 'party', 'counterparty', 'opposing party']);
/** Labels of a document's addressee: a company, or one of its departments ("Bill to: Birch Ltd, Accounts Payable"). */
const ADDRESSEE_LABELS = new Set(['bill to', 'ship to', 'sold to', 'remit to', 'pay to']);
/** Labels that name a person although they are not agent nouns. */
const PERSON_LABELS = new Set(
  `from to cc bcc owner contact candidate patient client attendees attendee participants participant guests guest invitees invitee
  who by with host lead assigned assignee assigned to reported by requested by approved by created by submitted by opened by
  closed by resolved by signed by prepared by reviewed by sent by owner name name contact person point of contact poc
  doctor dr physician nurse staff rep agent driver technician tech engineer attorney counsel paralegal judge witness client name
  patient name employee hiring manager recruiter interviewers panel supervisor manager`.split(/\s+/),
);
const PERSON_LABEL_PHRASES = new Set(
  [...PERSON_LABELS].concat([
    'assigned to',
    'reported by',
    'requested by',
    'approved by',
    'created by',
    'submitted by',
    'opened by',
    'closed by',
    'resolved by',
    'signed by',
    'prepared by',
    'reviewed by',
    'sent by',
    'point of contact',
    'hiring manager',
    'client name',
    'patient name',
  ]),
);
/** An agent noun names a person: reporter, assignee, attendees, applicant, recipient, technician, organizer. */
const AGENT_NOUN = /(?:er|or|ee|ees|ers|ors|ant|ants|ent|ents|ist|ists|ian|ians)$/;
/** Labels that look like agent nouns but hold no person. */
const NOT_PERSON_LABELS = new Set(
  `number order folder filter header footer center centre counter register ledger paper cover letter amount total balance due date
  subject status priority severity location room chapter quarter summer winter member members parameter parameters water after
  department content document documents comment comments error errors server timer reminder transfer component components event
  events percent payment payments statement statements tier border`.split(/\s+/),
);
/** Capitalised words that open a sentence or a heading and are no one's name. */
const NOT_NAMES = new Set(
  `the this that these those please thanks thank hi hello hey dear re fw fwd subject invoice meeting team all everyone today
  tomorrow yesterday monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
  september october november december new open closed pending status total note notes regards best cheers sincerely attachment
  attachments sent received draft inbox reply forward yes no ok okay sure and or but not none n/a tbd unknown me you we they
  i it he she my our your their his her its date due time amount balance subject priority location room project account
  reference number type summary description department budget report review total`.split(/\s+/),
);

const INLINE_VERBS =
  `reported raised opened filed created submitted requested assigned approved signed reviewed sent shared escalated closed
  resolved scheduled booked referred interviewed added updated edited merged authored written prepared handled owned delegated forwarded
  reassigned`.split(/\s+/);
/** "approved by Maria Chen", "Approved by Maria Chen (finance)" at a line's start: the verb in either case, the name as written. */
const INLINE_ROLE = new RegExp(
  String.raw`\b(${INLINE_VERBS.map((v) => `[${v[0]}${v[0]!.toUpperCase()}]${v.slice(1)}`).join('|')})\s+(by|to)\s+(${NAME})`,
  'gu',
);
/** "Invoice 5102 from Alder Foods", "a note from Maria Chen": who sent it. */
const FROM_NAME = new RegExp(String.raw`\bfrom\s+(${NAME})`, 'gu');
const WITH_NAME = new RegExp(String.raw`\b(?:with|w/)\s+(${NAME}(?:\s*(?:,|&|and)\s*${NAME})*)`, 'gu');
const SPEAKER = new RegExp(
  String.raw`^\s*(${NAME})\s{1,}(?:\[?\d{1,2}:\d{2}(?:\s*[AaPp]\.?[Mm]\.?)?\]?|yesterday at \d{1,2}:\d{2}.*)\s*$`,
  'u',
);
/** "Raj Patel: can you check it?": a name, a colon and a sentence (a lower-case word among its first three). */
const CHAT_LINE = new RegExp(String.raw`^\s*(${WORD}\s+${WORD})\s*:\s+(?:\S+\s+){0,2}\p{Ll}{3,}`, 'u');
const NAMED_ADDRESS = new RegExp(String.raw`(${NAME})\s*[<(]\s*(${EMAIL})\s*[>)]`, 'gu');
const GREETING = new RegExp(String.raw`^\s*(?:hi|hello|hey|dear|good morning|good afternoon|morning)\s+(${NAME})\s*[,!:]`, 'iu');
const SIGN_OFF = new RegExp(
  String.raw`^\s*(?:thanks|thank you|best|regards|cheers|sincerely|best regards|kind regards|warm regards)\s*[,!-]\s*(${NAME})\s*$`,
  'iu',
);
const EMAIL_RE = new RegExp(EMAIL, 'gu');
/** Labels of a subject line, not of a role ("Re: …", "Fwd: …"). */
const SUBJECT_LABELS = new Set(['re', 'fw', 'fwd', 'subject', 'aw', 'sv', 'tr']);
const COMPANY_RUN = /\b\p{Lu}[\p{L}&'’-]+(?:\s+(?:&\s+)?\p{Lu}[\p{L}&'’.-]+){1,4}\b/gu;
/** Words that open a capitalised run without being part of the company's name. */
const RUN_LEAD = /^(invoice|vendor|from|to|bill|payment|ach|wire|re|fw|fwd|deposit|dear|hi|hello|customer|client|order|po|the)$/i;

/** A label as a role: lower case, spaces collapsed, a trailing "(s)" or colon dropped. */
export function roleOf(label: string): string {
  return label
    .toLowerCase()
    .replace(/\(s\)/g, '')
    .replace(/[\s_]+/g, ' ')
    .replace(/[.:]+$/, '')
    .trim();
}

export function isPersonLabel(role: string): boolean {
  if (PERSON_LABEL_PHRASES.has(role)) return true;
  if (/\b(by|to|with)$/.test(role)) return true;
  const last = role.split(' ').at(-1)!;
  return AGENT_NOUN.test(last) && !NOT_PERSON_LABELS.has(last) && last.length > 3;
}

/** Whether text has a person's name's shape: capitalised words, not a heading word, not a company. */
export function isNameShaped(text: string, minWords = 1): boolean {
  const value = text.trim();
  if (!NAME_RE.test(value) || /\d/.test(value)) return false;
  const words = value.split(/\s+/).filter((w) => !new RegExp(`^${PARTICLE}$`, 'u').test(w));
  if (words.length < minWords || words.length > 4) return false;
  if (words.every((w) => w === w.toUpperCase() && w.length > 1)) return false;
  if (NOT_NAMES.has(words[0]!.toLowerCase()) || NOT_NAMES.has(words.at(-1)!.toLowerCase())) return false;
  return !COMPANY_ENDINGS.has(words.at(-1)!.toLowerCase().replace(/\.$/, ''));
}

/** The organisation a capitalised run names: it ends in a company word ("Alder Foods", "Harbor Bank"). */
export function organizationIn(run: string): string | null {
  const parts = run.split(/\s+/);
  for (let end = parts.length; end >= 2; end--) {
    if (!COMPANY_ENDINGS.has(parts[end - 1]!.toLowerCase().replace(/\.$/, ''))) continue;
    const start = parts.findIndex((p, i) => i < end - 1 && !RUN_LEAD.test(p));
    if (start === -1 || end - start < 2) return null;
    return readable(parts.slice(start, end).join(' '));
  }
  return null;
}

const isShouting = (text: string): boolean => /\p{Lu}{2}/u.test(text) && text === text.toUpperCase();
/** "ALDER FOODS INC" → "Alder Foods Inc": a name in capitals (a bank statement's) as people write it. */
export const readable = (name: string): string =>
  isShouting(name) ? name.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase()) : name;

/** The key an organisation is one thing by: without its legal ending ("Alder Foods Inc" = "Alder Foods"). */
export function organizationKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[.,]/g, '')
    .replace(/\s+(inc|ltd|llc|llp|plc|corp|co|gmbh|ag|sa|bv)$/, '')
    .trim();
}

/** The parts of a list value: "Tom Becker, Ana Ruiz and Priya Nair" → three names. */
function listParts(value: string): string[] {
  return value
    .split(/\s*(?:,|;|\band\b|&|\/|\|)\s*/u)
    .map((part) => part.replace(/\s*\((?:[^)]*)\)\s*$/, '').trim())
    .filter(Boolean);
}

/** People, organisations and addresses on one line, with their roles. */
export function partiesIn(line: string): FoundParty[] {
  const found: FoundParty[] = [];
  const add = (kind: FoundParty['kind'], name: string, role: string): void => {
    const clean = kind === 'email' ? name.toLowerCase() : name.replace(/[\s,.;:]+$/, '').trim();
    if (clean && !found.some((f) => f.kind === kind && f.name === clean && f.role === role)) found.push({ kind, name: clean, role });
  };
  for (const m of line.matchAll(NAMED_ADDRESS)) if (isNameShaped(m[1]!)) add('person', m[1]!, '');
  const fields = fieldsOf(line);
  for (const field of fields) {
    const role = roleOf(field.label);
    const value = field.value.replace(new RegExp(String.raw`\s*[<(]\s*${EMAIL}\s*[>)]`, 'gu'), '').trim();
    for (const address of field.value.match(EMAIL_RE) ?? []) add('email', address, SUBJECT_LABELS.has(role) ? '' : role);
    const parts = listParts(value);
    if (ADDRESSEE_LABELS.has(role)) {
      const first = parts[0];
      if (first && /^\p{Lu}/u.test(first) && !/\d/.test(first)) add('organization', organizationIn(first) ?? readable(first), role);
    } else if (ORG_LABELS.has(role)) {
      for (const part of parts)
        if (/^\p{Lu}/u.test(part) && part.length <= 60 && !/^\d/.test(part)) add('organization', readable(part), role);
    } else if (PARTY_LABELS.has(role)) {
      for (const part of parts) {
        const org = organizationIn(part);
        if (org) add('organization', org, role);
        else if (isNameShaped(part, 2)) add('person', part, role);
        else if (/^\p{Lu}/u.test(part) && !/\d/.test(part) && part.split(/\s+/).length <= 5) add('organization', readable(part), role);
      }
    } else if (isPersonLabel(role)) {
      // "Referred to: Cardiology - Dr. Elena Ruiz": a dash parts a department from the name, and only a full name is taken from it.
      for (const whole of parts) {
        const pieces = whole.split(/\s+[-–—]\s+/u);
        for (const part of pieces) {
          const org = organizationIn(part);
          if (org) add('organization', org, role);
          else if (isNameShaped(part, pieces.length > 1 ? 2 : 1)) add('person', part, role);
        }
      }
    }
  }
  for (const m of line.matchAll(INLINE_ROLE))
    if (isNameShaped(m[3]!)) add('person', m[3]!, `${m[1]!.toLowerCase()} ${m[2]!.toLowerCase()}`);
  for (const m of line.matchAll(FROM_NAME)) {
    const org = organizationIn(m[1]!);
    if (org) add('organization', org, 'from');
    else if (isNameShaped(m[1]!, 2)) add('person', m[1]!, 'from');
  }
  for (const m of line.matchAll(WITH_NAME))
    for (const part of listParts(m[1]!)) {
      const org = organizationIn(part);
      if (org) add('organization', org, 'with');
      else if (isNameShaped(part, 2)) add('person', part, 'with');
    }
  const speaker = SPEAKER.exec(line);
  if (speaker && isNameShaped(speaker[1]!)) add('person', speaker[1]!, 'wrote');
  const chat = CHAT_LINE.exec(line);
  if (chat && isNameShaped(chat[1]!, 2) && !found.some((f) => f.name === chat[1])) add('person', chat[1]!, 'wrote');
  const greeted = GREETING.exec(line);
  if (greeted && isNameShaped(greeted[1]!)) add('person', greeted[1]!, 'greeted');
  const signed = SIGN_OFF.exec(line);
  if (signed && isNameShaped(signed[1]!)) add('person', signed[1]!, 'signed');
  for (const address of line.match(EMAIL_RE) ?? [])
    if (!found.some((f) => f.kind === 'email' && f.name === address.toLowerCase())) add('email', address, '');
  for (const m of line.matchAll(COMPANY_RUN)) {
    const org = organizationIn(m[0]);
    if (org && !found.some((f) => f.kind === 'organization' && organizationKey(f.name) === organizationKey(org)))
      add('organization', org, '');
  }
  return found;
}

/** A signature's name on the line after a sign-off ("Best," then "Raj Patel"). */
export function signOffName(previous: string, line: string): string | null {
  if (!/^\s*(?:thanks|thank you|best|regards|cheers|sincerely|best regards|kind regards|warm regards)\s*[,!-]?\s*$/i.test(previous))
    return null;
  const name = line.trim();
  return isNameShaped(name, 2) ? name : null;
}
