import type { DeviceScope } from '../store/repositories/device-repository';
import type { RecallStore } from './retrieval';

/** A device the question may name: its key in the store, its id and its name. */
export interface NamedDevice {
  readonly key: number;
  readonly id: string;
  readonly name: string;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * "How long was I in Outlook on my desktop?": a question that names one of the profile's devices after
 * "on", "from" or "at" (with "my" or "the" or not) asks about that device's work alone. Returns the
 * device and the question without those words, or null (one device only, or none named).
 */
export function deviceMentioned(question: string, devices: readonly NamedDevice[]): { key: number; question: string } | null {
  if (devices.length < 2) return null;
  // Longest names first, so "work laptop" wins over "laptop".
  for (const device of [...devices].sort((a, b) => b.name.length - a.name.length)) {
    if (!device.name.trim()) continue;
    const pattern = new RegExp(`\\s*\\b(?:on|from|at)\\s+(?:my\\s+|the\\s+)?${escape(device.name.trim())}(?![\\p{L}\\p{N}])`, 'iu');
    if (pattern.test(question)) return { key: device.key, question: question.replace(pattern, '').trim() };
  }
  return null;
}

/** What recall reads, narrowed to one device's work (answered questions stay: they are the user's own words). */
export function scopedStore(store: RecallStore, scope: DeviceScope): RecallStore {
  return {
    ...store,
    activity: store.activity.scoped(scope),
    screenText: store.screenText.scoped(scope),
    tasks: store.tasks.scoped(scope),
    summaries: store.summaries.scoped(scope),
    items: store.items.scoped(scope),
  };
}
