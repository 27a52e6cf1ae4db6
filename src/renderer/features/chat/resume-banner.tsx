import type { ResumeView } from '../../../shared/contract/sessions';
import { formatDuration } from '../../format';

interface ResumeBannerProps {
  readonly view: ResumeView;
  /** The conversation's title now (it may have been renamed since it was resumed). */
  readonly title: string;
  readonly onClose: () => void;
}

/** What resuming brought back: the warning if the instructions changed, and the block the model gets. */
export function ResumeBanner({ view, title, onClose }: ResumeBannerProps) {
  const changed = view.changesSincePause.slice(0, 4);
  return (
    <section className="resume-banner" data-testid="resume-banner" aria-label="Resumed conversation">
      <div className="card-head">
        <strong data-testid="resume-banner-title">Resumed “{title || 'conversation'}”</strong>
        <button type="button" className="link icon" onClick={onClose} aria-label="Close the resume note">
          ×
        </button>
      </div>
      <p className="small">
        {view.wholeTurns} {view.wholeTurns === 1 ? 'turn' : 'turns'} brought back whole
        {view.summarizedTurns > 0 && `, ${view.summarizedTurns} summarized`}.
        {changed.length > 0 && ` Since then: ${changed.map((c) => `${c.app} ${formatDuration(c.seconds)}`).join(', ')}.`}
      </p>
      {view.warning && (
        <p className="warning small" data-testid="resume-warning">
          {view.warning}
        </p>
      )}
      <details>
        <summary className="small">What the assistant is given</summary>
        <pre className="resume-block" data-testid="resume-block">
          {view.block}
        </pre>
      </details>
    </section>
  );
}
