/**
 * The kind of a window: its title without the things that change from one case to the next (the
 * items it names, numbers, dates, months and weekdays), so "Invoice INV-5120 from Globex Logistics -
 * Outlook" and "Invoice INV-0931 from Stark Office Supply - Outlook" are one kind of window: an invoice
 * mail. In a browser the site (the title's last part before the browser's name) says where it is.
 */
export interface WindowKind {
  /** Stable across cases: app, site and the title's kind, lower case. */
  readonly key: string;
  /** The title's kind, as it reads ("Invoice … from …"). */
  readonly name: string;
  /** The web site in a browser ("NetSuite"), else the app. */
  readonly where: string;
  readonly app: string;
}

export const GAP = '…';

const BROWSERS = /\b(?:chrome|chromium|firefox|edge|safari|brave|opera|vivaldi|arc)\b/i;
const MONTHS =
  /\b(?:january|february|march|april|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/gi;
/** A short month or weekday beside a number ("31 Mar", "Apr 2026", "Fri 3"). */
const SHORT_DATES =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)\b(?=\s*(?:\d|…))|(?<=(?:\d|…)\s*)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)\b/gi;
const NUMBERS = /\d+(?:[.,:/-]\d+)*/g;
const GAPS = /…(?:[\s,.:;/#()–—-]*…)+/g;
const SEPARATOR = /\s+[-–—|·]\s+/;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a title's part is the app's own name ("Outlook" of Microsoft Outlook, "Google Chrome"). */
function isAppName(part: string, app: string): boolean {
  const a = app.toLowerCase().trim();
  const p = part
    .toLowerCase()
    .replace(/\s*\(.*\)$/, '')
    .trim();
  return p.length > 0 && (a === p || a.includes(p) || p.includes(a));
}

export function isBrowser(app: string): boolean {
  return BROWSERS.test(app);
}

/** The kind of a window, the names in `masked` (the items it names) and the whole `words` taken out of its title. */
export function windowKind(app: string, title: string, masked: readonly string[], words: readonly string[] = []): WindowKind {
  let text = title;
  for (const word of words) text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'giu'), GAP);
  for (const name of [...masked].filter((n) => n.trim().length > 1).sort((a, b) => b.length - a.length)) {
    // A code keeps the word that names its family: "Ticket #48213" is a "Ticket …" window.
    const gap = /\d/.test(name) ? name.replace(/\S*\d\S*$/, GAP) : GAP;
    text = text.replace(new RegExp(escape(name), 'gi'), gap);
  }
  text = text.replace(NUMBERS, GAP).replace(MONTHS, GAP).replace(SHORT_DATES, GAP).replace(GAPS, GAP).replace(/\s+/g, ' ').trim();
  const parts = text.split(SEPARATOR).map((p) => p.trim());
  while (parts.length > 1 && isAppName(parts.at(-1)!, app)) parts.pop();
  let where = app;
  if (isBrowser(app) && parts.length > 1) where = parts.pop()!;
  let name = parts
    .join(' - ')
    .replace(/^[\s,.:;–—-]+|[\s,.:;–—-]+$/g, '')
    .trim();
  if (name === '' || name === GAP || isAppName(name, app)) name = where;
  return { key: `${app}\u0000${where}\u0000${name}`.toLowerCase(), name, where, app };
}

/** Runs of capitalised words in a title ("Cyberdyne Parts"): names a window kind may hold that vary from case to case. */
export function properNameRuns(title: string): string[] {
  return [...title.matchAll(/(?<![\p{L}\p{N}])\p{Lu}[\p{L}'&.]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}'&.]*)*/gu)].map((m) => m[0]);
}

/** Words of a title, lower case, as the window kinds compare them. */
export function titleWords(title: string): string[] {
  return title.toLowerCase().match(/[\p{L}][\p{L}\p{N}'&.-]*/gu) ?? [];
}

/** A step's name with where it happens: "Purchase Order … (NetSuite)". */
export function stepLabel(kind: Pick<WindowKind, 'name' | 'where'>): string {
  return kind.name === kind.where ? kind.name : `${kind.name} (${kind.where})`;
}

/** Apps where work passes to someone else: mail, chat and calls. */
const COMMUNICATION =
  /\b(?:outlook|mail|gmail|thunderbird|superhuman|slack|teams|discord|mattermost|chat|messages|whatsapp|signal|telegram|zoom|meet|webex|dialpad|aircall|ringcentral)\b/i;

export function isHandoff(kind: Pick<WindowKind, 'app' | 'where'>): boolean {
  return COMMUNICATION.test(kind.app) || COMMUNICATION.test(kind.where);
}
