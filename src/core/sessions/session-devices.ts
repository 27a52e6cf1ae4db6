import type { Session } from '../../shared/contract/sessions';
import { DomainError } from '../errors';
import type { SessionContinuations } from '../store/repositories/session-continuation';

/**
 * Conversations of other devices are read here, never written (docs/sync.md): a write to one is
 * refused with the way to go on, and resuming one continues it in a copy of this device's own.
 */
export class SessionDevices {
  constructor(private readonly continuations: SessionContinuations | undefined) {}

  /** Refuses a change to another device's conversation. */
  assertOwn(session: Session): void {
    if (!session.elsewhere) return;
    throw new DomainError(
      'conflict',
      'session_on_other_device',
      `Conversation ${session.id} belongs to ${session.device?.name ?? 'another device'} and is read-only here; resume it to continue it on this device.`,
    );
  }

  /**
   * The conversation to resume for `session`: itself when it is this device's, else this device's
   * continuation of it, made now (a copy, paused) when there is none yet.
   */
  continuationOf(session: Session, newId: () => string, nowMs: number): string {
    if (!this.continuations || !session.elsewhere) return session.id;
    const existing = this.continuations.existing(session.id);
    if (existing) return existing;
    const copy = newId();
    this.continuations.copy(session.id, copy, nowMs);
    return copy;
  }
}
