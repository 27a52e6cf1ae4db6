export { WORK_ITEM_KINDS, type ExtractedItem, type WorkItemKind } from '../store/repositories/work-item-record';

/** Where a state leaves the work: still to do, waiting on someone, booked for later, finished, or turned down. */
export type StateClass = 'open' | 'waiting' | 'scheduled' | 'done' | 'declined';

export const LINE_MAX = 200;

/** A line as an item keeps it: at most `LINE_MAX` characters. */
export const clipLine = (line: string): string => (line.length > LINE_MAX ? `${line.slice(0, LINE_MAX - 1)}…` : line);

/**
 * Workflow states in everyday English, by what they leave to do. Only words a status column, a
 * "Status:" label or a sentence about an item uses; buttons ("Approve Reject Hold") carry no item.
 */
const STATE_WORDS: Readonly<Record<StateClass, readonly string[]>> = {
  open: [
    'open',
    'opened',
    'new',
    'to do',
    'todo',
    'in progress',
    'unresolved',
    'reopened',
    'pending',
    'not started',
    'backlog',
    'triage',
    'draft',
    'unpaid',
    'overdue',
    'outstanding',
    'blocked',
    'escalated',
    'failing',
    'in review',
    'under review',
    'needs review',
    'unassigned',
    'assigned',
    'not paid',
    'unread',
    'needs reply',
    'action required',
    'ready to send',
    'ready to submit',
    'ready for review',
    'not sent',
    'unsigned',
  ],
  waiting: [
    'waiting',
    'awaiting',
    'on hold',
    'pending approval',
    'awaiting approval',
    'waiting for customer',
    'waiting on customer',
    'waiting for reply',
    'submitted',
    'requested',
    'sent',
    'offer sent',
    'in transit',
    'tendered',
    'quoted',
  ],
  scheduled: ['scheduled', 'booked', 'confirmed', 'tentative', 'planned', 'upcoming', 'rescheduled', 'dispatched', 'en route'],
  done: [
    'done',
    'resolved',
    'closed',
    'completed',
    'complete',
    'fixed',
    'merged',
    'paid',
    'reconciled',
    'matched',
    'shipped',
    'delivered',
    'approved',
    'accepted',
    'signed',
    'filed',
    'cleared',
    'posted',
    'finished',
    'passed',
    'deployed',
    'released',
    'hired',
    'settled',
    'answered',
    'replied',
    'checked in',
    'arrived',
  ],
  declined: [
    'declined',
    'rejected',
    'cancelled',
    'canceled',
    'denied',
    'no-show',
    'no show',
    'withdrawn',
    'void',
    'failed',
    'voided',
    "won't fix",
    'wont fix',
    'lost',
  ],
};

const STATE_CLASS = new Map<string, StateClass>();
for (const [cls, words] of Object.entries(STATE_WORDS) as [StateClass, readonly string[]][])
  for (const word of words) STATE_CLASS.set(word, cls);

/** Longest first, so "pending approval" wins over "pending". */
const STATE_PHRASES = [...STATE_CLASS.keys()].sort((a, b) => b.length - a.length);
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const STATE_PATTERN = new RegExp(`(?<![\\p{L}\\p{N}])(${STATE_PHRASES.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');

/** What a state leaves to do: "Pending Approval" → waiting; "3 of 6" (a count not yet full) → open. */
export function stateClass(state: string): StateClass | null {
  const lower = state.toLowerCase().trim();
  const progress = /^(\d+)\s*(?:of|\/)\s*(\d+)/.exec(lower);
  if (progress) return Number(progress[1]) < Number(progress[2]) ? 'open' : 'done';
  return STATE_CLASS.get(lower) ?? null;
}

/** Whether a state leaves the work unfinished (open, waiting or scheduled). */
export function isUnfinished(cls: StateClass | null): boolean {
  return cls === 'open' || cls === 'waiting' || cls === 'scheduled';
}
