import { useCallback, useEffect, useState } from 'react';
import { BASELINE_TOKENS, type Interview } from '../../../shared/contract/memory';
import type { ShadowClient } from '../../api/index';
import { downloadText } from '../../download';
import { messageOf } from '../../../shared/message-of';
import { aboutWords } from '../../../shared/user-words';
import { formatDateTime } from '../../format';
import { useOperation } from '../../hooks/use-operation';
import { MomentDialog, type MomentTarget } from '../evidence/moment-dialog';
import { OnboardingWizard } from '../onboarding/onboarding-wizard';
import { MarkdownText } from '../markdown/markdown-text';

function InterviewCard({
  client,
  interview,
  onSaved,
}: {
  readonly client: ShadowClient;
  readonly interview: Interview;
  readonly onSaved: (i: Interview) => void;
}) {
  const [drafts, setDrafts] = useState<Record<string, string>>(interview.answers);
  const [status, setStatus] = useState<string | null>(null);
  const [wizard, setWizard] = useState(false);
  // New answers from the engine replace the drafts (set while rendering, React's way to reset state on a prop).
  const [draftsOf, setDraftsOf] = useState(interview.answers);
  if (draftsOf !== interview.answers) {
    setDraftsOf(interview.answers);
    setDrafts(interview.answers);
  }
  const changed = interview.questions.filter((q) => (drafts[q.id] ?? '').trim() !== (interview.answers[q.id] ?? ''));

  const save = async (): Promise<void> => {
    setStatus(null);
    try {
      const answers = Object.fromEntries(changed.map((q) => [q.id, (drafts[q.id] ?? '').trim()]));
      onSaved(await client.call('putInterviewAnswers', { answers }));
      setStatus('Saved.');
    } catch (failure) {
      setStatus(messageOf(failure));
    }
  };

  return (
    <section className="card" aria-labelledby="interview-title">
      <div className="card-head">
        <h2 id="interview-title">Interview</h2>
        <button type="button" onClick={() => setWizard(true)} data-testid="start-interview">
          {Object.keys(interview.answers).length ? 'Go through it again' : 'Start the interview'}
        </button>
      </div>
      {interview.questions.map((question) => (
        <label key={question.id} className="interview-field">
          <span>{question.prompt}</span>
          <textarea
            rows={2}
            value={drafts[question.id] ?? ''}
            placeholder={question.hint}
            onChange={(event) => setDrafts({ ...drafts, [question.id]: event.target.value })}
            data-testid="interview-answer"
            data-question-id={question.id}
          />
        </label>
      ))}
      <div className="question-actions">
        <button type="button" className="primary" disabled={changed.length === 0} onClick={() => void save()} data-testid="interview-save">
          Save answers
        </button>
        {status && <span className="muted small">{status}</span>}
      </div>
      {wizard && (
        <OnboardingWizard
          client={client}
          interview={interview}
          onClose={() => {
            setWizard(false);
            void client.call('getInterview', {}).then(onSaved);
          }}
        />
      )}
    </section>
  );
}

function SummaryCard({
  client,
  interview,
  onSaved,
}: {
  readonly client: ShadowClient;
  readonly interview: Interview;
  readonly onSaved: (i: Interview) => void;
}) {
  const summary = interview.summary;
  const [draft, setDraft] = useState(summary?.text ?? '');
  const [status, setStatus] = useState<string | null>(null);
  // A new summary from the engine replaces the draft.
  const [draftOf, setDraftOf] = useState(summary?.text);
  if (draftOf !== summary?.text) {
    setDraftOf(summary?.text);
    setDraft(summary?.text ?? '');
  }
  const put = async (text: string): Promise<void> => {
    setStatus(null);
    try {
      onSaved(await client.call('putInterviewSummary', { text }));
    } catch (failure) {
      setStatus(messageOf(failure));
    }
  };
  return (
    <section className="card" aria-labelledby="baseline-title">
      <div className="card-head">
        <h2 id="baseline-title">Your baseline</h2>
        {summary && (
          <span className="muted small" data-testid="summary-source">
            {summary.edited ? 'written by you' : 'generated from your answers'} · {aboutWords(summary.tokenCount)} ·{' '}
            {formatDateTime(summary.updatedAt)}
          </span>
        )}
      </div>
      <p className="muted small">
        Every assistant call is given this summary of your work: keep it to {aboutWords(BASELINE_TOKENS)} or fewer.
      </p>
      <textarea
        rows={6}
        value={draft}
        placeholder="Answer the interview and a summary appears here."
        onChange={(event) => setDraft(event.target.value)}
        data-testid="summary-text"
      />
      <div className="question-actions">
        <button
          type="button"
          className="primary"
          disabled={!draft.trim() || draft.trim() === summary?.text}
          onClick={() => void put(draft.trim())}
          data-testid="summary-save"
        >
          Save summary
        </button>
        <button type="button" disabled={!summary?.edited} onClick={() => void put('')} data-testid="summary-revert">
          Revert to generated
        </button>
        {status && <span className="error-line small">{status}</span>}
      </div>
    </section>
  );
}

function GuideCard({ client }: { readonly client: ShadowClient }) {
  const guide = useOperation(client, 'getGuide', {}, { refreshOn: ['context:summary-generated', 'task:boundary'] });
  const [moment, setMoment] = useState<MomentTarget | null>(null);
  const openMoment = useCallback((at: string, screenTextId: number | null) => setMoment({ at, screenTextId, device: null }), []);
  return (
    <section className="card" aria-labelledby="guide-title">
      <div className="card-head">
        <h2 id="guide-title">Workflow guide</h2>
        <button
          type="button"
          disabled={!guide.data}
          onClick={() => guide.data && downloadText('workflow-guide.md', guide.data.markdown)}
          data-testid="guide-download"
        >
          Download guide.md
        </button>
      </div>
      {guide.error && <p className="error-line small">{guide.error}</p>}
      {guide.data ? (
        <div data-testid="guide">
          <MarkdownText text={guide.data.markdown} onMoment={openMoment} />
        </div>
      ) : (
        !guide.error && <p className="muted small">Loading…</p>
      )}
      {moment && <MomentDialog client={client} target={moment} onClose={() => setMoment(null)} />}
    </section>
  );
}

/** What the shadow knows about you: the interview answers, the baseline summary, and the workflow guide. */
export function AboutYouPage({ client }: { readonly client: ShadowClient }) {
  const [interview, setInterview] = useState<Interview | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    client
      .call('getInterview', {})
      .then(setInterview)
      .catch((failure: unknown) => setError(messageOf(failure)));
  }, [client]);
  if (error) return <p className="error-line">{error}</p>;
  if (!interview) return <p className="muted">Loading…</p>;
  return (
    <main className="grid about-you">
      <div className="column">
        <InterviewCard client={client} interview={interview} onSaved={setInterview} />
      </div>
      <div className="column">
        <SummaryCard client={client} interview={interview} onSaved={setInterview} />
        <GuideCard client={client} />
      </div>
    </main>
  );
}
