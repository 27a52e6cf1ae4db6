import { useState } from 'react';
import type { Interview } from '../../../shared/contract/memory';
import type { ShadowClient } from '../../api/index';
import { useAction } from '../../hooks/use-action';
import { useDialog } from '../../hooks/use-dialog';

interface OnboardingWizardProps {
  readonly client: ShadowClient;
  readonly interview: Interview;
  /** `finished`: the last step was saved; `later`: put off. */
  readonly onClose: (how: 'finished' | 'later') => void;
}

/**
 * The onboarding interview, one question per step: each answer is saved as the user moves on (nothing
 * is lost if the window closes), and the last step shows the summary the answers make (the baseline),
 * which the user may correct.
 */
export function OnboardingWizard({ client, interview: initial, onClose }: OnboardingWizardProps) {
  const [interview, setInterview] = useState(initial);
  const [step, setStep] = useState(0);
  const [drafts, setDrafts] = useState<Record<string, string>>({ ...initial.answers });
  const [summaryDraft, setSummaryDraft] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const questions = interview.questions;
  const onSummary = step === questions.length;
  const question = questions[step];

  // Arriving at the summary step, or a new summary while there, starts the draft from the summary
  // (set while rendering, React's way to reset state when what it derives from changes).
  const [draftBasis, setDraftBasis] = useState<{ onSummary: boolean; summary: Interview['summary'] } | null>(null);
  if (draftBasis?.onSummary !== onSummary || draftBasis.summary !== interview.summary) {
    setDraftBasis({ onSummary, summary: interview.summary });
    if (onSummary) setSummaryDraft(interview.summary?.text ?? '');
  }

  const saveAndGo = (to: number): Promise<void> =>
    run(async () => {
      if (question) {
        const text = (drafts[question.id] ?? '').trim();
        if (text !== (interview.answers[question.id] ?? '')) {
          setInterview(await client.call('putInterviewAnswers', { answers: { [question.id]: text } }));
        }
      }
      setStep(to);
    });

  const finish = (): Promise<void> =>
    run(async () => {
      const text = (summaryDraft ?? '').trim();
      if (text && text !== interview.summary?.text) await client.call('putInterviewSummary', { text });
      onClose('finished');
    });

  const dialog = useDialog<HTMLDivElement>(() => onClose('later'));

  return (
    <div className="modal-backdrop">
      <div
        className="modal onboarding"
        role="dialog"
        aria-modal="true"
        aria-labelledby="onboarding-title"
        ref={dialog}
        tabIndex={-1}
        data-testid="onboarding-wizard"
      >
        <div className="card-head">
          <h2 id="onboarding-title">{onSummary ? 'What the shadow knows about your work' : 'Tell the shadow about your work'}</h2>
          <span className="muted small" data-testid="onboarding-progress">
            {onSummary ? 'Summary' : `${step + 1} of ${questions.length}`}
          </span>
        </div>
        <div className="bar thin" aria-hidden="true">
          <div className="bar-fill" style={{ width: `${(Math.min(step, questions.length) / questions.length) * 100}%` }} />
        </div>
        {question && (
          <label className="onboarding-step" key={question.id}>
            <span className="onboarding-prompt">{question.prompt}</span>
            <textarea
              autoFocus
              rows={4}
              value={drafts[question.id] ?? ''}
              placeholder={question.hint}
              onChange={(event) => setDrafts({ ...drafts, [question.id]: event.target.value })}
              data-testid="onboarding-answer"
            />
          </label>
        )}
        {onSummary && (
          <label className="onboarding-step">
            <span className="muted small">
              Built from your answers; every assistant call is given it as your baseline. Correct anything that is off.
            </span>
            <textarea
              autoFocus
              rows={8}
              value={summaryDraft ?? ''}
              placeholder="Answer a question or two and the summary appears here."
              onChange={(event) => setSummaryDraft(event.target.value)}
              data-testid="onboarding-summary"
            />
          </label>
        )}
        {error && <p className="error-line small">{error}</p>}
        <div className="modal-actions">
          <button type="button" className="link" onClick={() => onClose('later')} disabled={busy} data-testid="onboarding-later">
            Later
          </button>
          <span className="spacer" />
          {step > 0 && (
            <button type="button" onClick={() => void saveAndGo(step - 1)} disabled={busy} data-testid="onboarding-back">
              Back
            </button>
          )}
          {question && (
            <button type="button" onClick={() => setStep(step + 1)} disabled={busy} data-testid="onboarding-skip">
              Skip
            </button>
          )}
          {question ? (
            <button
              type="button"
              className="primary"
              onClick={() => void saveAndGo(step + 1)}
              disabled={busy}
              data-testid="onboarding-next"
            >
              Next
            </button>
          ) : (
            <button type="button" className="primary" onClick={() => void finish()} disabled={busy} data-testid="onboarding-finish">
              Finish
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
