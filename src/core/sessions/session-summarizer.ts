import { SESSION_TITLE_MAX, TURN_SUMMARY_MAX } from '../../shared/contract/sessions';
import { clipAtWord } from '../../shared/clip-at-word';
import { safeName } from '../../shared/safe-text';
import type { Clock } from '../clock';
import { iso } from '../clock';
import type { EventBus } from '../events';
import type { LlmClient, LlmRequest, LlmResult, OfflineAnswer, RecordCallReceipt } from '../llm/llm-client';
import { observedUserContent, withObservedDataRule } from '../llm/observed-data';
import { tokenCount } from '../llm/tokens';
import { Semaphore } from '../llm/semaphore';
import type { SessionRepository } from '../store/repositories/session-repository';
import { extractiveSummary, toOneLine } from './extractive';
import { extractiveTitle, type TopicOf } from './offline-title';
import { commandSummary } from './pause-intent';
import { messageOf } from '../util/message-of';

/** How many TOC lines the title prompt shows, newest first. */
const TITLE_PROMPT_TURNS = 30;
const MAX_SUMMARY_LLM_CALLS = 5;

export interface SessionSummarizerDeps {
  readonly repo: SessionRepository;
  readonly llm: LlmClient;
  readonly clock: Clock;
  readonly events?: EventBus;
  /** What a prompt is about, for offline titles (recall's reading of questions about the day). */
  readonly topicOf?: TopicOf;
  /** Stores the receipt of each call (what it was given, which engine answered). */
  readonly receipts?: RecordCallReceipt;
}

/** What the title call asks, in its system message: ours only (the title and TOC lines go in the observed block). */
export const TITLE_INSTRUCTIONS = [
  `Generate a session title (max ${SESSION_TITLE_MAX} characters) from the current title and the conversation turns given.`,
  '- If the [RECENT] turns discuss a NEW topic different from the current title, update to the new topic',
  '- If still on the same topic, keep the current title',
  '- Focus on what the user is CURRENTLY working on',
  'Answer with the title only.',
].join('\n');

/** What the title call is given: the current title, then the TOC newest first, the newest three marked [RECENT]. */
export function titlePrompt(currentTitle: string, toc: readonly { turn: number; summary: string }[]): string {
  const newestFirst = [...toc].sort((a, b) => b.turn - a.turn).slice(0, TITLE_PROMPT_TURNS);
  const lines = newestFirst.map((e, i) => `${i < 3 ? '[RECENT] ' : ''}Turn ${e.turn}: ${e.summary}`);
  return [
    `Current session title: "${currentTitle || '(none yet)'}"`,
    '',
    'Conversation turns (newest first, [RECENT] marks the last 3 turns):',
    ...lines,
  ].join('\n');
}

/**
 * Writes TOC lines, titles and context summaries after turns complete, off the reply's path. One
 * chain per session keeps its turns in order; a shared semaphore keeps at most five LLM calls in
 * flight. These calls go straight to the LLM client, so they never become turns.
 */
export class SessionSummarizer {
  private readonly llmSlots = new Semaphore(MAX_SUMMARY_LLM_CALLS);
  private readonly chains = new Map<string, Promise<void>>();
  /** Deleted sessions: work queued for them is dropped, and work in flight writes nothing. */
  private readonly forgotten = new Set<string>();
  private closed = false;

  constructor(private readonly deps: SessionSummarizerDeps) {}

  /** Summarizes the turn, then reconsiders the title and refreshes the session's context summary. */
  afterTurn(sessionId: string, turn: number): void {
    this.enqueue(sessionId, async () => {
      await this.summarizeTurn(sessionId, turn);
      await this.updateTitle(sessionId, turn);
      this.refreshContextSummary(sessionId);
    });
  }

  /** On pause: a model-written summary of the whole session when an LLM is configured. */
  afterPause(sessionId: string): void {
    this.enqueue(sessionId, () => this.summarizeSession(sessionId));
  }

  /** Resolves when every queued job has finished. */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  close(): void {
    this.closed = true;
  }

  /** The session was deleted: nothing more is written for it. */
  forget(sessionId: string): void {
    this.forgotten.add(sessionId);
    void this.chains.get(sessionId)?.finally(() => this.forgotten.delete(sessionId));
  }

  private gone(sessionId: string): boolean {
    return this.closed || this.forgotten.has(sessionId);
  }

  private enqueue(sessionId: string, job: () => Promise<void>): void {
    const previous = this.chains.get(sessionId) ?? Promise.resolve();
    const next = previous
      .then(() => (this.gone(sessionId) ? undefined : job()))
      .catch((error: unknown) => {
        // Summaries are a convenience: a failure must never reach the conversation.
        if (!this.gone(sessionId)) process.emitWarning(`session ${sessionId}: summary work failed: ${messageOf(error)}`);
      })
      .finally(() => {
        if (this.chains.get(sessionId) === next) this.chains.delete(sessionId);
      });
    this.chains.set(sessionId, next);
  }

  /** One call, within the shared slots, leaving its receipt: what it is about goes in the `conversation` tier. */
  private async call(request: LlmRequest, offline: OfflineAnswer, about: string): Promise<LlmResult> {
    const result = await this.llmSlots.run(() => this.deps.llm.complete(request, offline));
    const tokens = request.messages.reduce((sum, m) => sum + tokenCount(m.content), 0);
    this.deps.receipts?.(
      { purpose: request.purpose, atMs: this.deps.clock.now(), included: [{ tier: 'conversation', label: about, tokens }] },
      result,
    );
    return result;
  }

  private async summarizeTurn(sessionId: string, number: number): Promise<void> {
    const turn = this.deps.repo.getTurn(sessionId, number);
    if (!turn || turn.summary) return;
    const command = turn.engine === 'command' ? commandSummary(turn.prompt) : null;
    if (command) {
      this.deps.repo.setSummary(sessionId, number, command, 'extractive');
      this.deps.events?.emit('session:toc-updated', { sessionId, turn: number, summary: command, source: 'extractive' });
      return;
    }
    const fallback = extractiveSummary(turn.prompt, turn.reply);
    const result = await this.call(
      {
        purpose: 'toc',
        maxTokens: 60,
        temperature: 0,
        messages: [
          {
            role: 'system',
            content: withObservedDataRule(
              `Summarize this exchange in one line of at most ${TURN_SUMMARY_MAX} characters (it is in the block). Answer with the line only.`,
            ),
          },
          // The reply may quote the screen, and the prompt may paste it: both are data here.
          {
            role: 'user',
            content: observedUserContent(
              [`User: ${clipAtWord(turn.prompt, 4000)}\n\nAssistant: ${clipAtWord(turn.reply, 4000)}`],
              'Summarize this exchange.',
            ),
          },
        ],
      },
      () => fallback,
      `turn ${number}`,
    );
    const line = result.engine === 'llm' ? toOneLine(result.text, TURN_SUMMARY_MAX) : '';
    if (this.gone(sessionId)) return;
    const [summary, source] = line ? [line, 'llm' as const] : [fallback, 'extractive' as const];
    this.deps.repo.setSummary(sessionId, number, summary, source);
    this.deps.events?.emit('session:toc-updated', { sessionId, turn: number, summary, source });
  }

  private async updateTitle(sessionId: string, turn: number): Promise<void> {
    const session = this.deps.repo.getSession(sessionId);
    // A title the user chose stays until the user changes it.
    if (!session || session.titleByUser || this.deps.repo.getTurn(sessionId, turn)?.engine === 'command') return;
    // Judged on the turns up to this one, not the newest in the store: the chain may lag behind the
    // chat. Pause commands ("let's stop here", "yes") say nothing about the topic.
    const recentPrompts = this.deps.repo
      .turnRange(sessionId, Math.max(1, turn - 5), turn)
      .filter((t) => t.engine !== 'command')
      .slice(-3)
      .map((t) => t.prompt);
    const offlineTitle = (): string => extractiveTitle(session.title, recentPrompts, this.deps.topicOf) ?? session.title;
    let title: string;
    if (this.deps.llm.configured) {
      const toc = this.deps.repo
        .tocRows(sessionId)
        .filter((r) => r.number <= turn)
        .slice(-TITLE_PROMPT_TURNS)
        .map((r) => ({ turn: r.number, summary: r.summary ?? '(no summary yet)' }));
      const result = await this.call(
        {
          purpose: 'title',
          maxTokens: 30,
          temperature: 0,
          messages: [
            { role: 'system', content: withObservedDataRule(TITLE_INSTRUCTIONS) },
            { role: 'user', content: observedUserContent([titlePrompt(session.title, toc)], 'Generate the session title.') },
          ],
        },
        offlineTitle,
        `${toc.length} TOC lines up to turn ${turn}`,
      );
      // A failed call keeps the last good title: the offline rule only names a conversation that has none.
      if (result.engine !== 'llm' && session.title) return;
      title = result.engine === 'llm' ? toOneLine(result.text, SESSION_TITLE_MAX) || offlineTitle() : result.text;
    } else {
      title = offlineTitle();
    }
    title = clipAtWord(safeName(title).trim(), SESSION_TITLE_MAX);
    if (this.gone(sessionId) || !title || title.toLowerCase() === session.title.toLowerCase()) return;
    // The user may have named it while the model was thinking.
    if (this.deps.repo.getSession(sessionId)?.titleByUser) return;
    const at = this.deps.clock.now();
    this.deps.repo.changeTitle(sessionId, title, turn, at, false);
    this.deps.events?.emit('session:title-changed', { sessionId, title, turn, at: iso(at) });
  }

  private refreshContextSummary(sessionId: string): void {
    if (this.gone(sessionId)) return;
    const session = this.deps.repo.getSession(sessionId);
    if (!session) return;
    this.deps.repo.updateSession(sessionId, { contextSummary: extractiveSessionSummary(this.deps.repo, sessionId) });
  }

  private async summarizeSession(sessionId: string): Promise<void> {
    if (!this.deps.llm.configured) return this.refreshContextSummary(sessionId);
    const toc = this.deps.repo.tocRows(sessionId).slice(-60);
    const fallback = extractiveSessionSummary(this.deps.repo, sessionId);
    const result = await this.call(
      {
        purpose: 'summary',
        maxTokens: 200,
        temperature: 0,
        messages: [
          {
            role: 'system',
            content: withObservedDataRule(
              'Summarize where this conversation stands in two or three sentences, for picking it up later (its turns are in the block).',
            ),
          },
          {
            role: 'user',
            content: observedUserContent(
              [toc.map((r) => `Turn ${r.number}: ${r.summary ?? ''}`).join('\n')],
              'Summarize where this conversation stands.',
            ),
          },
        ],
      },
      () => fallback,
      `${toc.length} TOC lines`,
    );
    if (!this.gone(sessionId)) this.deps.repo.updateSession(sessionId, { contextSummary: clipAtWord(result.text, 1000) || fallback });
  }
}

/** The context summary without an LLM: the title and the newest TOC lines. */
export function extractiveSessionSummary(repo: SessionRepository, sessionId: string): string {
  const session = repo.getSession(sessionId);
  if (!session) return '';
  const latest = repo
    .lastTurns(sessionId, 3)
    .reverse()
    .map((t) => `turn ${t.number}: ${t.summary ?? extractiveSummary(t.prompt, t.reply)}`);
  if (latest.length === 0) return 'No turns yet.';
  return clipAtWord(`${session.title ? `${session.title}. ` : ''}Latest — ${latest.join('; ')}`, 1000);
}
