import { existsSync } from 'node:fs';
import type { ContextSetMode, ContextSetsPatch, ContextSets, ContextSetsView } from '../../shared/contract/session-context-sets';
import { DomainError, notFound } from '../errors';
import { iso, type Clock } from '../clock';
import type { EventBus } from '../events';
import type { ContextSetRepository } from '../store/repositories/context-set-repository';
import {
  ContextSetError,
  appletFromContextSets,
  changeContextSet,
  isEmptyDiff,
  isKnownSetName,
  replaceContextSets,
  totalItems,
  type ContextSetsChange,
  type ContextSetsDiff,
} from './context-sets';
import { formatContextSetsForResume, partitionFiles } from './format-context-sets';

export interface ContextSetServiceOptions {
  readonly repository: ContextSetRepository;
  readonly events: EventBus;
  readonly clock: Clock;
  readonly fileExists?: (path: string) => boolean;
  /** Where unknown set names are reported (likely typos); defaults to console.warn. */
  readonly warn?: (message: string) => void;
}

export interface ContextSetsResult {
  readonly view: ContextSetsView;
  readonly diff: ContextSetsDiff;
}

/** The context sets of each session: validation, saving, the `session:context-changed` event and the resume text. */
export class ContextSetService {
  private readonly fileExists: (path: string) => boolean;
  private readonly warn: (message: string) => void;

  constructor(private readonly options: ContextSetServiceOptions) {
    this.fileExists = options.fileExists ?? existsSync;
    this.warn = options.warn ?? ((message) => console.warn(message));
  }

  sessionExists(sessionId: string): boolean {
    return this.options.repository.sessionExists(sessionId);
  }

  get(sessionId: string): ContextSetsView {
    this.requireSession(sessionId);
    const stored = this.options.repository.get(sessionId);
    return this.view(sessionId, stored.sets, stored.updatedAt);
  }

  /** Replaces (`replace`, the default) or merges (`merge`) one set. */
  set(sessionId: string, setName: string, items: readonly string[], mode: ContextSetMode = 'replace'): ContextSetsResult {
    return this.change(sessionId, (current) => changeContextSet(current, setName, items, mode));
  }

  /** Replaces every set at once. */
  replaceAll(sessionId: string, sets: ContextSets): ContextSetsResult {
    return this.change(sessionId, (current) => replaceContextSets(current, sets));
  }

  /**
   * Applies the context-set fields of `PATCH /sessions/{id}` in order context, setContext, unionContext,
   * all or nothing. Returns null when the patch has none of them.
   */
  applyPatch(sessionId: string, patch: ContextSetsPatch): ContextSetsResult | null {
    if (!patch.context && !patch.setContext && !patch.unionContext) return null;
    return this.change(sessionId, (current) => {
      let step: ContextSetsChange = { sets: current, diff: { added: {}, removed: {} }, unknownSetNames: [] };
      const unknown: string[] = [];
      const apply = (next: ContextSetsChange): void => {
        step = next;
        unknown.push(...next.unknownSetNames);
      };
      if (patch.context) apply(replaceContextSets(step.sets, patch.context));
      if (patch.setContext) apply(changeContextSet(step.sets, patch.setContext.setName, patch.setContext.items, 'replace'));
      if (patch.unionContext) apply(changeContextSet(step.sets, patch.unionContext.setName, patch.unionContext.items, 'merge'));
      return { ...step, unknownSetNames: [...new Set(unknown)] };
    });
  }

  /** The resume text of a session's context sets, with files that no longer exist counted. */
  resumeText(sessionId: string): { text: string; missingFiles: string[] } {
    return this.resumeTextOf(this.options.repository.get(sessionId).sets);
  }

  /**
   * Called when a session resumes: emits the context card event (reason `resume`) when the session
   * has context sets, and returns the text for the resume block.
   */
  announceResume(sessionId: string): { text: string; missingFiles: string[] } {
    const { sets } = this.options.repository.get(sessionId);
    const resume = this.resumeTextOf(sets);
    if (Object.keys(sets).length > 0) {
      this.options.events.emit('session:context-changed', {
        sessionId,
        reason: 'resume',
        context: sets,
        added: {},
        removed: {},
        applet: appletFromContextSets(sets),
        missingFiles: resume.missingFiles,
        at: iso(this.options.clock.now()),
      });
    }
    return resume;
  }

  private change(sessionId: string, compute: (current: ContextSets) => ContextSetsChange): ContextSetsResult {
    this.requireSession(sessionId);
    const at = this.options.clock.now();
    let change: ContextSetsChange;
    try {
      change = this.options.repository.update(
        sessionId,
        (current) => {
          const next = compute(current);
          return { sets: next.sets, result: next };
        },
        at,
      );
    } catch (error) {
      if (error instanceof ContextSetError) throw new DomainError('invalid', 'invalid_context', error.message);
      throw error;
    }
    for (const name of change.unknownSetNames) {
      this.warn(
        `[context] Unknown context set name "${name}" in session ${sessionId} (a typo? known: files, tickets, applet, endpoints, ports)`,
      );
    }
    if (!isEmptyDiff(change.diff)) {
      this.options.events.emit('session:context-changed', {
        sessionId,
        reason: 'changed',
        context: change.sets,
        added: change.diff.added,
        removed: change.diff.removed,
        applet: appletFromContextSets(change.sets),
        missingFiles: [],
        at: iso(at),
      });
    }
    return { view: this.view(sessionId, change.sets, at), diff: change.diff };
  }

  private resumeTextOf(sets: ContextSets): { text: string; missingFiles: string[] } {
    return {
      text: formatContextSetsForResume(sets, this.fileExists),
      missingFiles: partitionFiles(sets, this.fileExists).missing,
    };
  }

  private view(sessionId: string, sets: ContextSets, updatedAt: number | null): ContextSetsView {
    const resume = this.resumeTextOf(sets);
    return {
      sessionId,
      context: sets,
      totalItems: totalItems(sets),
      applet: appletFromContextSets(sets),
      updatedAt: updatedAt === null ? null : iso(updatedAt),
      warnings: Object.keys(sets)
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
export function contextSetsForSessions(contextSets: ContextSetService, options: { readonly announceResume: boolean }) {
  return {
    resumeExtras: (sessionId: string): string[] => {
      const { text } = options.announceResume ? contextSets.announceResume(sessionId) : contextSets.resumeText(sessionId);
      return text ? ['', text] : [];
    },
    contextSets: {
      read: (sessionId: string): ContextSets => contextSets.get(sessionId).context,
      restore: (sessionId: string, sets: ContextSets): void => void contextSets.replaceAll(sessionId, sets),
    },
  };
}
