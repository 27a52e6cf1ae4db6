import { loadSettings, saveSettings, type ExclusionRule, type Settings } from '../config/settings';
import type { EventBus } from '../events';
import { compileExclusions } from './exclusion';

/** The reason on rules made from the interview, so a new answer replaces them and the user sees where they came from. */
export const INTERVIEW_EXCLUSION_REASON = 'never observe (onboarding interview)';

const NOTHING = /^(none|nothing|no|n\/a|na|-|nope|nothing in particular)$/i;
const LEADING_WORDS = /^(?:(?:and|or|any|all|my|the|a|an|e\.g\.)\s+)+/i;
const TRAILING_WORDS = /(?:\s+(?:windows?|apps?|applications?|tabs?|sites?|websites?))+$/i;

/**
 * The apps or windows named in an answer to "Which apps or windows should never be observed?":
 * "Slack, the HR portal and my personal email" → Slack, HR portal, personal email.
 */
export function namesToNeverObserve(answer: string): string[] {
  const names = answer
    .split(/[,;\n]|\s+(?:and|or)\s+/i)
    .map((part) =>
      part
        .trim()
        .replace(/[.!]+$/, '')
        .replace(LEADING_WORDS, '')
        .replace(TRAILING_WORDS, '')
        .trim(),
    )
    .filter((name) => name.length >= 2 && !NOTHING.test(name));
  return [...new Set(names)];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `rules` with the interview's earlier rules replaced by ones for this answer: each name excludes an
 * app of that name and any window whose title holds it (a web app in a browser), unless a rule
 * already covers it (the defaults cover password managers).
 */
export function withInterviewExclusions(rules: readonly ExclusionRule[], answer: string): ExclusionRule[] {
  const kept = rules.filter((rule) => rule.reason !== INTERVIEW_EXCLUSION_REASON);
  const existing = compileExclusions(kept);
  const added = namesToNeverObserve(answer)
    .filter((name) => !existing.match({ app: name, title: '' }))
    .flatMap((name) => [
      { app: escapeRegExp(name), reason: INTERVIEW_EXCLUSION_REASON },
      { title: escapeRegExp(name), reason: INTERVIEW_EXCLUSION_REASON },
    ]);
  return [...kept, ...added];
}

export interface InterviewExclusionsDeps {
  readonly events: EventBus;
  /** The settings file the rules are saved in, where the user can see and edit them. */
  readonly settingsFile: string;
  /** The running settings, whose exclusions the observer applies. */
  readonly settings: Settings;
  readonly applyExclusions: (rules: readonly ExclusionRule[]) => void;
}

/**
 * "Never observe" in the onboarding interview becomes exclusion rules: saved in settings.json (the
 * rules on disk, so an edit the user made since is kept) and applied from the next poll.
 */
export function followInterviewExclusions({ events, settingsFile, settings, applyExclusions }: InterviewExclusionsDeps): void {
  events.on('interview:answered', ({ answers }) => {
    const answer = answers['never-observe'] ?? '';
    const onDisk = loadSettings(settingsFile);
    saveSettings(settingsFile, { ...onDisk, exclusions: withInterviewExclusions(onDisk.exclusions, answer) });
    settings.exclusions = withInterviewExclusions(settings.exclusions, answer);
    applyExclusions(settings.exclusions);
  });
}
