import { useEffect, useState } from 'react';
import type { Question } from '../../../shared/contract/memory';
import type { ShadowClient } from '../../api/index';
import { formatClockTime } from '../../format';
import { useAction } from '../../hooks/use-action';
import { useOperation } from '../../hooks/use-operation';

const SNOOZE_MINUTES = 60;
/** How long the note that a question was handled stays when no question is left. */
const NOTE_MS = 8000;

type Outcome = 'answered' | 'snoozed' | 'dismissed';
const OUTCOME_TEXT: Record<Outcome, string> = {
  answered: 'Thanks: your answer is part of what the shadow knows about your work now.',
  snoozed: `I'll ask again in ${SNOOZE_MINUTES} minutes.`,
  dismissed: 'Dismissed: this question will not be asked again.',
};

function QuestionItem({
  client,
  question,
  onDone,
}: {
  readonly client: ShadowClient;
  readonly question: Question;
  readonly onDone: (outcome: Outcome) => void;
}) {
  const [answer, setAnswer] = useState('');
  const { busy, error, run } = useAction();
  const act = (outcome: Outcome, action: () => Promise<unknown>): Promise<void> =>
    run(async () => {
      await action();
      onDone(outcome);
    });
  return (
    <li className="question" data-testid="question" data-question-id={question.id}>
      <p className="question-text">{question.text}</p>
      <p className="muted small">asked {formatClockTime(question.askedAt, { seconds: true })}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (answer.trim()) void act('answered', () => client.call('answerQuestion', { id: question.id, answer: answer.trim() }));
        }}
      >
        <textarea
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          rows={2}
          placeholder="Your answer helps the shadow understand your work"
          aria-label={`Answer: ${question.text}`}
          data-testid="question-answer"
        />
        <div className="question-actions">
          <button type="submit" className="primary" disabled={busy || !answer.trim()} data-testid="question-submit">
            Answer
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void act('snoozed', () => client.call('snoozeQuestion', { id: question.id, minutes: SNOOZE_MINUTES }))}
            data-testid="question-snooze"
          >
            Ask me later
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void act('dismissed', () => client.call('dismissQuestion', { id: question.id }))}
            title="Never ask this again"
            data-testid="question-dismiss"
          >
            Dismiss
          </button>
        </div>
      </form>
      {error && <p className="error-line small">{error}</p>}
    </li>
  );
}

/** The clarifying questions waiting for an answer (Today view): answer, ask me later, or dismiss. */
export function PendingQuestions({ client }: { readonly client: ShadowClient }) {
  const pending = useOperation(
    client,
    'listQuestions',
    { status: 'pending', limit: 10 },
    { refreshOn: ['question:asked'], intervalMs: 60_000 },
  );
  // What became of the last question handled, said where it was (it leaves the list at once).
  const [note, setNote] = useState<{ text: string; question: string } | null>(null);
  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), NOTE_MS);
    return () => clearTimeout(timer);
  }, [note]);
  const questions = pending.data?.questions ?? [];
  if (questions.length === 0 && !pending.error && !note) return null;
  return (
    <section className="card" aria-labelledby="questions-title" data-testid="pending-questions">
      <div className="card-head">
        <h2 id="questions-title">Questions for you</h2>
        <span className="muted">{questions.length}</span>
      </div>
      {pending.error && <p className="error-line small">{pending.error}</p>}
      <p className="question-note small" role="status" data-testid="question-note">
        {note && (
          <>
            <span className="muted">“{note.question}”</span> {note.text}
          </>
        )}
      </p>
      {questions.length === 0 && <p className="muted small">No more questions for now.</p>}
      <ul className="questions">
        {questions.map((question) => (
          <QuestionItem
            key={question.id}
            client={client}
            question={question}
            onDone={(outcome) => {
              setNote({ text: OUTCOME_TEXT[outcome], question: question.text });
              pending.reload();
            }}
          />
        ))}
      </ul>
    </section>
  );
}
