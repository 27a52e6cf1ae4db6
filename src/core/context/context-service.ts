import { existsSync } from 'node:fs';
import type { ContextMode, ContextPatch, SessionContext, SessionContextView } from '../../shared/contract/context';
import { DomainError, notFound } from '../errors';
import { iso, type Clock } from '../clock';
import type { EventBus } from '../events';
import type { ContextSetRepository } from '../store/repositories/context-set-repository';
import {
  ContextError,
  appletFromContext,
  changeContextSet,
  isEmptyDiff,
  isKnownSetName,
  replaceContext,
  totalItems,
  type ContextChange,
  type ContextDiff,
} from './context-sets';
import { formatContextForResume, partitionFiles } from './format-context';

export interface ContextServiceOptions {
  readonly repository: ContextSetRepository;
  readonly events: EventBus;
  readonly clock: Clock;
  readonly fileExists?: (path: string) => boolean;
  /** Where unknown set names are reported (likely typos); defaults to console.warn. */
  readonly warn?: (message: string) => void;
}

export interface ContextResult {
  readonly view: SessionContextView;
  readonly diff: ContextDiff;
}

/** Session context sets: validation, storage, the `session:context-changed` event and the resume text. */
export class ContextService {
  private readonly fileExists: (path: string) => boolean;
  private readonly warn: (message: string) => void;

  constructor(private readonly options: ContextServiceOptions) {
    this.fileExists = options.fileExists ?? existsSync;
    this.warn = options.warn ?? ((message) => console.warn(message));
  }

  sessionExists(sessionId: string): boolean {
    return this.options.repository.sessionExists(sessionId);
  }

  get(sessionId: string): SessionContextView {
    this.requireSession(sessionId);
    const stored = this.options.repository.get(sessionId);
    return this.view(sessionId, stored.context, stored.updatedAt);
  }

  /** Replaces (`replace`, the default) or merges (`merge`) one set. */
  setContext(sessionId: string, setName: string, items: readonly string[], mode: ContextMode = 'replace'): ContextResult {
    return this.change(sessionId, (current) => changeContextSet(current, setName, items, mode));
  }

  /** Replaces every set at once. */
  replaceAll(sessionId: string, context: SessionContext): ContextResult {
    return this.change(sessionId, (current) => replaceContext(current, context));
  }

  /**
   * Applies the context fields of `PATCH /sessions/{id}` in order context, setContext, unionContext,
   * all or nothing. Returns null when the patch has no context field.
   */
  applyContextPatch(sessionId: string, patch: ContextPatch): ContextResult | null {
    if (!patch.context && !patch.setContext && !patch.unionContext) return null;
    return this.change(sessionId, (current) => {
      let step: ContextChange = { context: current, diff: { added: {}, removed: {} }, unknownSetNames: [] };
      const unknown: string[] = [];
      const apply = (next: ContextChange): void => {
        step = next;
        unknown.push(...next.unknownSetNames);
      };
      if (patch.context) apply(replaceContext(step.context, patch.context));
      if (patch.setContext) apply(changeContextSet(step.context, patch.setContext.setName, patch.setContext.items, 'replace'));
      if (patch.unionContext) apply(changeContextSet(step.context, patch.unionContext.setName, patch.unionContext.items, 'merge'));
      return { ...step, unknownSetNames: [...new Set(unknown)] };
    });
  }

  /** The resume text of a session's context, with files that no longer exist counted. */
  resumeText(sessionId: string): { text: string; missingFiles: string[] } {
    return this.resumeTextOf(this.options.repository.get(sessionId).context);
  }

  /**
   * Called when a session resumes: emits the context card event (reason `resume`) when the session
   * has context, and returns the text for the resume block.
   */
  announceResume(sessionId: string): { text: string; missingFiles: string[] } {
    const { context } = this.options.repository.get(sessionId);
    const resume = this.resumeTextOf(context);
    if (Object.keys(context).length > 0) {
      this.options.events.emit('session:context-changed', {
        sessionId,
        reason: 'resume',
        context,
        added: {},
        removed: {},
        applet: appletFromContext(context),
        missingFiles: resume.missingFiles,
        at: iso(this.options.clock.now()),
      });
    }
    return resume;
  }

  private change(
    sessionId: string,
    compute: (current: SessionContext) => ContextChange,
  ): ContextResult {
    this.requireSession(sessionId);
    const at = this.options.clock.now();
    let change: ContextChange;
    try {
      change = this.options.repository.update(sessionId, (current) => {
        const next = compute(current);
        return { context: next.context, result: next };
      }, at);
    } catch (error) {
      if (error instanceof ContextError) throw new DomainError('invalid', 'invalid_context', error.message);
      throw error;
    }
    for (const name of change.unknownSetNames) {
      this.warn(`[context] Unknown context set name "${name}" in session ${sessionId} (a typo? known: files, tickets, applet, endpoints, ports)`);
    }
    if (!isEmptyDiff(change.diff)) {
      this.options.events.emit('session:context-changed', {
        sessionId,
        reason: 'changed',
        context: change.context,
        added: change.diff.added,
        removed: change.diff.removed,
        applet: appletFromContext(change.context),
        missingFiles: [],
        at: iso(at),
      });
    }
    return { view: this.view(sessionId, change.context, at), diff: change.diff };
  }

  private resumeTextOf(context: SessionContext): { text: string; missingFiles: string[] } {
    return {
      text: formatContextForResume(context, this.fileExists),
      missingFiles: partitionFiles(context, this.fileExists).missing,
    };
  }

  private view(sessionId: string, context: SessionContext, updatedAt: number | null): SessionContextView {
    const resume = this.resumeTextOf(context);
    return {
      sessionId,
      context,
      totalItems: totalItems(context),
      applet: appletFromContext(context),
      updatedAt: updatedAt === null ? null : iso(updatedAt),
      warnings: Object.keys(context)
        .filter((name) => !isKnownSetName(name))
        .map((name) => `Unknown context set name "${name}" (a typo? known: files, tickets, applet, endpoints, ports)`),
      resumeText: resume.text,
      missingFiles: resume.missingFiles,
    };
  }

  private requireSession(sessionId: string): void {
    if (!this.options.repository.sessionExists(sessionId)) throw notFound(`Session ${sessionId}`);
  }
}

/**
 * What the session service takes from the context sets: the lines of the resume block (in the app,
 * resuming also emits the context card event) and the sets that export and import carry.
 */
export function contextForSessions(context: ContextService, options: { readonly announceResume: boolean }) {
  return {
    resumeExtras: (sessionId: string): string[] => {
      const { text } = options.announceResume ? context.announceResume(sessionId) : context.resumeText(sessionId);
      return text ? ['', text] : [];
    },
    contextSets: {
      read: (sessionId: string): SessionContext => context.get(sessionId).context,
      restore: (sessionId: string, sets: SessionContext): void => void context.replaceAll(sessionId, sets),
    },
  };
}
