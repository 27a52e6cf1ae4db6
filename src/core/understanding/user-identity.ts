import type { Sighting } from '../store/repositories/work-item-repository';

/** Who the user is, as their screens and their interview say: never reported as their own contact. */
export interface UserIdentity {
  /** Lower-case names: the full name and the first name. */
  readonly names: ReadonlySet<string>;
  /** Lower-case mail addresses. */
  readonly emails: ReadonlySet<string>;
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.\p{L}{2,}/gu;
/** A window that is someone's mailbox names its owner's address: "Inbox - sam@example.com - Outlook". */
const MAILBOX = /\b(inbox|mailbox|sent items|sent mail|drafts|outbox|all mail|archive)\b/i;

/**
 * The user's names and addresses: the interview's answer to a question about their name, addresses in
 * any answer, and the address a mailbox window's title names. A first name from the address
 * ("dana.whitfield@…" → Dana) counts as theirs too.
 */
export function userIdentity(
  answers: Readonly<Record<string, string>>,
  titleSightings: readonly Pick<Sighting, 'kind' | 'key' | 'title' | 'source'>[],
): UserIdentity {
  const names = new Set<string>();
  const emails = new Set<string>();
  for (const [question, answer] of Object.entries(answers)) {
    for (const address of answer.match(EMAIL) ?? []) emails.add(address.toLowerCase());
    if (/\bname\b/i.test(question) && !/\b(team|manager|company|app|system)\b/i.test(question)) {
      const name = answer.trim().replace(/[.!]+$/, '');
      if (name && name.split(/\s+/).length <= 5) {
        names.add(name.toLowerCase());
        names.add(name.split(/\s+/)[0]!.toLowerCase());
      }
    }
  }
  for (const s of titleSightings) if (s.kind === 'email' && s.source === 'title' && MAILBOX.test(s.title)) emails.add(s.key);
  for (const address of emails) {
    const local = address
      .split('@')[0]!
      .split(/[._-]/)
      .filter((p) => /^\p{L}{2,}$/u.test(p));
    if (local.length >= 1 && local.length <= 3) {
      names.add(local[0]!);
      if (local.length >= 2) names.add(local.join(' '));
    }
  }
  return { names, emails };
}

/** Whether a person or an address is the user. */
export function isUser(identity: UserIdentity, item: { readonly kind: string; readonly key: string }): boolean {
  if (item.kind === 'email') return identity.emails.has(item.key);
  if (item.kind !== 'person') return false;
  const key = item.key.toLowerCase();
  if (identity.names.has(key)) return true;
  // "Dana W." or "Whitfield, Dana": the first and a last name the user has.
  const parts = key.replace(/[.,]/g, ' ').split(/\s+/).filter(Boolean);
  const full = [...identity.names].filter((n) => n.includes(' '));
  return full.some((name) => {
    const own = name.split(/\s+/);
    return parts.length >= 2 && parts.every((p) => own.some((o) => o === p || (p.length === 1 && o.startsWith(p))));
  });
}
