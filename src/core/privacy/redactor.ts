import type { RedactionKind } from '../../shared/contract/privacy';
import { detectCards } from './card-detector';
import { detectLabelledCodes } from './code-detectors';
import { customDetector } from './custom-detector';
import type { Detector, Finding } from './findings';
import { detectMisreadPasswordLabels } from './misread-labels';
import { detectIbans, detectNationalIds } from './number-detectors';
import type { RedactionSettings } from '../config/redaction-settings';
import { detectPasswordPairs, detectSecrets } from './secret-detectors';

export type RedactionCounts = Partial<Record<RedactionKind, number>>;

export interface Redaction {
  /** The text with each finding replaced by its placeholder (`[card]`, `[iban]`, `[secret]`, …). */
  readonly text: string;
  /** How many strings of each kind were replaced (never what they were). */
  readonly counts: RedactionCounts;
  readonly total: number;
}

export interface Redactor {
  redact(text: string): Redaction;
}

const BUILT_IN: Readonly<Record<Exclude<RedactionKind, 'custom'>, readonly Detector[]>> = {
  card: [detectCards],
  iban: [detectIbans],
  'national-id': [detectNationalIds],
  secret: [detectSecrets],
  password: [detectPasswordPairs, detectMisreadPasswordLabels, detectLabelledCodes],
};

/** When two detectors find the same stretch, the one that needed more to be sure names it (an IBAN has its country). */
const SPECIFIC_FIRST: readonly RedactionKind[] = ['secret', 'iban', 'national-id', 'card', 'password', 'custom'];

/**
 * Findings that overlap become one stretch, named after the longest of them: a password pair whose
 * value is the start of a card number must not leave the rest of the number behind.
 */
function mergeOverlapping(findings: Finding[]): Finding[] {
  const sorted = findings
    .filter((f) => f.end > f.start)
    .sort((a, b) => a.start - b.start || b.end - a.end || SPECIFIC_FIRST.indexOf(a.kind) - SPECIFIC_FIRST.indexOf(b.kind));
  const merged: Finding[] = [];
  for (const f of sorted) {
    const last = merged.at(-1);
    if (!last || f.start >= last.end) {
      merged.push(f);
      continue;
    }
    if (f.end <= last.end) continue;
    const longer = f.end - f.start > last.end - last.start ? f : last;
    merged[merged.length - 1] = { ...longer, start: last.start, end: f.end };
  }
  return merged;
}

/** The redactor the settings describe; with redaction off, text passes unchanged. */
export function createRedactor(settings: RedactionSettings): Redactor {
  const detectors: Detector[] = [];
  if (settings.enabled) {
    for (const kind of settings.kinds) detectors.push(...BUILT_IN[kind]);
    const custom = customDetector(settings);
    if (custom) detectors.push(custom);
  }
  return {
    redact(text) {
      if (detectors.length === 0 || text.length === 0) return { text, counts: {}, total: 0 };
      const findings = mergeOverlapping(detectors.flatMap((detect) => detect(text)));
      if (findings.length === 0) return { text, counts: {}, total: 0 };
      const counts: RedactionCounts = {};
      let out = '';
      let at = 0;
      for (const f of findings) {
        out += text.slice(at, f.start) + (f.placeholder ?? `[${f.kind}]`);
        at = f.end;
        counts[f.kind] = (counts[f.kind] ?? 0) + 1;
      }
      return { text: out + text.slice(at), counts, total: findings.length };
    },
  };
}
