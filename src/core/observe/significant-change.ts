import { changedShare } from './frame-fingerprint';
import type { Frame, SignificantChange } from './frame';

/** Share of the screen that must change for a large visual change. */
export const LARGE_VISUAL_CHANGE = 0.3;

const quote = (s: string): string => `"${s.length > 60 ? `${s.slice(0, 57)}...` : s}"`;

/** Compares two consecutive kept frames; null when the change is minor. */
export function detectSignificantChange(prev: Frame | undefined, curr: Frame): SignificantChange | null {
  if (!prev) return null;
  if (prev.app !== curr.app) {
    return { at: curr.at, kind: 'app-switch', description: `Switched from ${prev.app} to ${curr.app} (${quote(curr.title)})` };
  }
  if (prev.title !== curr.title) {
    return { at: curr.at, kind: 'title-change', description: `In ${curr.app}: ${quote(prev.title)} → ${quote(curr.title)}` };
  }
  if (changedShare(prev.thumb, curr.thumb) >= LARGE_VISUAL_CHANGE) {
    return { at: curr.at, kind: 'visual-change', description: `Large visual change in ${curr.app} (${quote(curr.title)})` };
  }
  return null;
}
