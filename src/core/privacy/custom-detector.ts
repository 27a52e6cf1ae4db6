import type { RedactionSettings } from '../config/redaction-settings';
import type { Detector, Finding } from './findings';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The user's own patterns (each with its label) and words (whole words, any case) as one detector. */
export function customDetector(settings: Pick<RedactionSettings, 'patterns' | 'words'>): Detector | null {
  const rules: { regex: RegExp; placeholder: string }[] = settings.patterns.map((p) => ({
    regex: new RegExp(p.pattern, 'giu'),
    placeholder: `[${p.label ?? 'redacted'}]`,
  }));
  if (settings.words.length > 0) {
    // Longest first, so "Alder Foods" wins over "Alder".
    const words = [...settings.words].sort((a, b) => b.length - a.length).map(escapeRegExp);
    rules.push({ regex: new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])`, 'giu'), placeholder: '[redacted]' });
  }
  if (rules.length === 0) return null;
  return (text) => {
    const findings: Finding[] = [];
    for (const { regex, placeholder } of rules) {
      for (const m of text.matchAll(regex)) {
        if (m[0].length > 0) findings.push({ start: m.index, end: m.index + m[0].length, kind: 'custom', placeholder });
      }
    }
    return findings;
  };
}
