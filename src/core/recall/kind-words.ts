import { familyOfWord, TICKET_FAMILIES } from '../understanding/extract/identifiers';
import { stem } from './question-terms';

/**
 * What a "which …" question lists, from the noun it asks with: apps, windows, documents, records of a
 * family (tickets, invoices, requisitions…), servers, links, chat channels, companies, people with a
 * role (candidates, drivers…), mails, meetings, amounts or dates.
 */
export type ListKind =
  | 'app'
  | 'window'
  | 'document'
  | 'identifier'
  | 'host'
  | 'link'
  | 'channel'
  | 'organization'
  | 'person'
  | 'email'
  | 'meeting'
  | 'amount'
  | 'date';

export interface KindWord {
  readonly list: ListKind;
  /** For records: the families the noun means ("tickets" → ticket, incident, issue…); null for any. */
  readonly families: readonly string[] | null;
  /** For people and companies: the roles the noun means ("candidates" → candidate, applicant); null for any. */
  readonly roles: readonly string[] | null;
  /** How an answer names the list ("tickets", "invoices", "candidates"). */
  readonly plural: string;
}

const kind = (
  list: ListKind,
  plural: string,
  families: readonly string[] | null = null,
  roles: readonly string[] | null = null,
): KindWord => ({
  list,
  families,
  roles,
  plural,
});

const TICKETS = [...TICKET_FAMILIES];

/** Nouns by stem. Records of a family come from the identifier families; these are the rest. */
const NOUNS: Readonly<Record<string, KindWord>> = {
  app: kind('app', 'apps'),
  application: kind('app', 'apps'),
  program: kind('app', 'apps'),
  tool: kind('app', 'apps'),
  window: kind('window', 'windows'),
  tab: kind('window', 'windows'),
  site: kind('link', 'sites'),
  website: kind('link', 'websites'),
  page: kind('link', 'pages'),
  webpage: kind('link', 'pages'),
  url: kind('link', 'links'),
  link: kind('link', 'links'),
  article: kind('link', 'articles'),
  document: kind('document', 'documents'),
  doc: kind('document', 'documents'),
  file: kind('document', 'files'),
  spreadsheet: kind('document', 'spreadsheets'),
  sheet: kind('document', 'spreadsheets'),
  workbook: kind('document', 'spreadsheets'),
  pdf: kind('document', 'PDFs'),
  deck: kind('document', 'decks'),
  presentation: kind('document', 'presentations'),
  report: kind('document', 'reports'),
  ticket: kind('identifier', 'tickets', TICKETS),
  issue: kind('identifier', 'issues', ['issue', 'bug', 'ticket', 'story']),
  bug: kind('identifier', 'bugs', ['bug', 'issue', 'ticket']),
  incident: kind('identifier', 'incidents', ['incident', 'ticket', 'case']),
  case: kind('identifier', 'cases', ['case', 'ticket', 'matter', 'claim']),
  record: kind('identifier', 'records'),
  number: kind('identifier', 'numbers'),
  reference: kind('identifier', 'references'),
  deal: kind('identifier', 'deals', ['deal', 'opportunity']),
  opportunity: kind('identifier', 'opportunities', ['opportunity', 'deal']),
  judge: kind('person', 'judges', null, ['judge', 'magistrate judge', 'signed by', 'presiding']),
  provider: kind('person', 'providers', null, ['provider', 'doctor', 'dr', 'physician', 'np', 'nurse practitioner']),
  server: kind('host', 'servers'),
  host: kind('host', 'hosts'),
  machine: kind('host', 'machines'),
  box: kind('host', 'machines'),
  instance: kind('host', 'instances'),
  node: kind('host', 'nodes'),
  vm: kind('host', 'machines'),
  database: kind('host', 'databases'),
  channel: kind('channel', 'channels'),
  company: kind('organization', 'companies'),
  organization: kind('organization', 'organizations'),
  organisation: kind('organization', 'organisations'),
  firm: kind('organization', 'firms'),
  vendor: kind('organization', 'vendors', null, ['vendor', 'supplier', 'from', 'payee']),
  supplier: kind('organization', 'suppliers', null, ['supplier', 'vendor', 'from', 'payee']),
  customer: kind('organization', 'customers', null, ['customer', 'client', 'account', 'bill to', 'ship to']),
  client: kind('organization', 'clients', null, ['client', 'customer', 'account']),
  carrier: kind('organization', 'carriers', null, ['carrier']),
  bank: kind('organization', 'banks'),
  partner: kind('organization', 'partners'),
  people: kind('person', 'people'),
  person: kind('person', 'people'),
  colleague: kind('person', 'colleagues'),
  coworker: kind('person', 'colleagues'),
  contact: kind('person', 'contacts'),
  name: kind('person', 'names'),
  candidate: kind('person', 'candidates', null, ['candidate', 'applicant']),
  applicant: kind('person', 'applicants', null, ['applicant', 'candidate']),
  interviewer: kind('person', 'interviewers', null, ['interviewer', 'panel']),
  // A panel is the people who assess together: a list labelled interviewers, reviewers or panelists.
  panel: kind('person', 'panel', null, ['interviewer', 'panel', 'panelist', 'reviewer']),
  attendee: kind('person', 'attendees', null, [
    'attendee',
    'participant',
    'people',
    'member',
    'guest',
    'invitee',
    'with',
    'organizer',
    'host',
  ]),
  participant: kind('person', 'participants', null, ['participant', 'attendee', 'people', 'member', 'guest', 'invitee', 'with', 'host']),
  driver: kind('person', 'drivers', null, ['driver']),
  patient: kind('person', 'patients', null, ['patient']),
  doctor: kind('person', 'doctors', null, ['doctor', 'dr', 'physician', 'provider']),
  technician: kind('person', 'technicians', null, ['technician', 'tech']),
  reporter: kind('person', 'reporters', null, ['reporter', 'reported by', 'opened by', 'raised by', 'created by']),
  assignee: kind('person', 'assignees', null, ['assignee', 'assigned to', 'owner']),
  owner: kind('person', 'owners', null, ['owner', 'assignee', 'assigned to']),
  reviewer: kind('person', 'reviewers', null, ['reviewer', 'reviewed by']),
  approver: kind('person', 'approvers', null, ['approver', 'approved by']),
  recruiter: kind('person', 'recruiters', null, ['recruiter']),
  manager: kind('person', 'managers', null, ['manager']),
  author: kind('person', 'authors', null, ['author', 'by', 'created by', 'written by', 'opened by', 'submitted by']),
  writer: kind('person', 'writers', null, ['author', 'by', 'written by']),
  sender: kind('person', 'senders', null, ['from', 'sender', 'sent by']),
  requester: kind('person', 'requesters', null, ['requested by', 'requester', 'caller']),
  caller: kind('person', 'callers', null, ['caller', 'from']),
  agent: kind('person', 'agents', null, ['agent']),
  email: kind('email', 'emails'),
  mail: kind('email', 'mails'),
  message: kind('email', 'messages'),
  meeting: kind('meeting', 'meetings'),
  call: kind('meeting', 'calls'),
  standup: kind('meeting', 'stand-ups'),
  interview: kind('meeting', 'interviews'),
  sync: kind('meeting', 'syncs'),
  amount: kind('amount', 'amounts'),
  figure: kind('amount', 'figures'),
  total: kind('amount', 'totals'),
  price: kind('amount', 'prices'),
  date: kind('date', 'dates'),
  deadline: kind('date', 'deadlines'),
};

/** Record families whose plural reads differently. */
const PLURALS: Readonly<Record<string, string>> = {
  'purchase order': 'purchase orders',
  matter: 'matters',
  'pull request': 'pull requests',
};

/** The list a noun of a question asks for, if it names one ("tickets", "POs", "candidates", "servers"). */
export function kindWord(word: string): KindWord | null {
  const lower = word.toLowerCase().replace(/['’]s$/, '');
  const singular = lower
    .replace(/(?<=[^s])s$/, '')
    .replace(/ies$/, 'y')
    .replace(/(ch|sh|x)es$/, '$1');
  const noun = NOUNS[lower] ?? NOUNS[singular] ?? NOUNS[stem(lower)];
  if (noun) return noun;
  const family = familyOfWord(singular) ?? familyOfWord(lower);
  if (family && family !== 'file' && family !== 'number')
    return kind('identifier', PLURALS[family] ?? `${family.replace(/y$/, 'ie')}s`, [family]);
  return null;
}
