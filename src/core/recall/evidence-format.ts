import type { Evidence } from '../../shared/contract/evidence';
import { formatClockTime } from '../../shared/format-clock-time';
import { EVIDENCE_HEADING } from '../../shared/reply-blocks';
import { iso } from '../clock';
import { localDateOf } from '../time';
import type { Found } from './retrieval';

/** The evidence record of a found piece, for the claim it backs. */
export function toEvidence(found: Found, claim: string): Evidence {
  return {
    claim,
    at: iso(found.atMs),
    until: found.untilMs === null ? null : iso(found.untilMs),
    app: found.app,
    windowTitle: found.windowTitle,
    snippet: found.snippet,
    source: found.source,
    open: { at: iso(found.atMs), screenTextId: found.screenTextId },
    ...(found.device && { device: found.device }),
  };
}

const shortDay = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

/** A clock time, with the day in front when it is not the day of `nowMs` ("Mon 9 Mar 15:10"). */
export function when(ms: number, nowMs: number): string {
  const time = formatClockTime(ms);
  return localDateOf(ms) === localDateOf(nowMs) ? time : `${shortDay.format(ms)} ${time}`;
}

const SOURCE_NAMES: Record<Evidence['source'], string> = {
  screen_text: 'on screen',
  window: 'window',
  task: 'task',
  summary: 'summary',
  answer: 'your answer',
};

/**
 * One line of evidence in Markdown, as the reply shows it under a claim:
 * `- 08:40, Adobe Acrobat Reader, “Invoice-5102.pdf - Adobe Acrobat Reader”: …Total due **12,480.00**…`
 */
export function evidenceLine(evidence: Evidence, nowMs: number): string {
  const where = [evidence.app, evidence.windowTitle ? `“${evidence.windowTitle}”` : null].filter(Boolean).join(', ');
  const at = when(Date.parse(evidence.at), nowMs);
  const quoted = `: …${clip(evidence.snippet, 160)}…`;
  const label = where || SOURCE_NAMES[evidence.source];
  return `- ${at}, ${label}${seenOn(evidence.device)}${quoted}`;
}

/** ` (on laptop)` after a fact seen on a named device; nothing while the profile holds one device's work. */
export function seenOn(device: { readonly name: string } | undefined): string {
  return device ? ` (on ${device.name})` : '';
}

function clip(text: string, max: number): string {
  const line = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^…+|…+$/g, '');
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  // Never leave a `**` bold mark open.
  return (cut.match(/\*\*/g) ?? []).length % 2 === 1 ? `${cut}**` : cut;
}

/**
 * The evidence block of a reply: a heading line and one line per piece that quotes something, at most
 * `max`. Windows and tasks are what the reply's own lines already name; the turn keeps them as links.
 */
export function evidenceBlock(evidence: readonly Evidence[], nowMs: number, max = 5): string[] {
  const quoting = evidence.filter((e) => e.source !== 'window' && e.source !== 'task');
  if (quoting.length === 0) return [];
  const lines = quoting.slice(0, max).map((e) => evidenceLine(e, nowMs));
  return ['', EVIDENCE_HEADING, '', ...lines];
}
