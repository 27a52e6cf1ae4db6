import { lazy, Suspense } from 'react';
import type { Workflow } from '../../../shared/contract/workflows';
import { formatDateTime, formatDuration } from '../../format';
import type { MomentTarget } from '../evidence/moment-dialog';
import { OccurrenceCalendar } from './occurrence-calendar';
import { usualSteps } from './usual-steps';

const StepMap = lazy(() => import('./step-map'));

const percent = (share: number): string => `${Math.round(share * 100)}%`;

interface WorkflowCardProps {
  readonly workflow: Workflow;
  readonly range: { readonly from: string; readonly to: string };
  readonly onMoment: (target: MomentTarget) => void;
}

/** One workflow: how often and how long, its step map, the procedure, variants, calendar, in flight and the last day's deviations. */
export function WorkflowCard({ workflow: w, range, onMoment }: WorkflowCardProps) {
  const titleId = `workflow-${w.id}`;
  const open = (at: string, screenTextId: number | null): void => onMoment({ at, screenTextId, device: null });
  const d = w.duration;
  return (
    <section className="card workflow-card" aria-labelledby={titleId} data-testid="workflow-card" data-kind={w.kind}>
      <div className="card-head">
        <h2 id={titleId}>{w.name}</h2>
        <span className="muted small" data-testid="workflow-summary">
          {w.occurrences.total} times · typically {formatDuration(d.medianSeconds)} of work ({formatDuration(d.p25Seconds)}–
          {formatDuration(d.p75Seconds)}) · {formatDuration(d.elapsedMedianSeconds)} start to end
        </span>
      </div>

      <h3>Steps</h3>
      <Suspense fallback={<p className="muted small">Drawing the steps…</p>}>
        <StepMap workflow={w} />
      </Suspense>
      <ol className="workflow-procedure" data-testid="workflow-procedure">
        {usualSteps(w).map(({ step, again }, i) => (
          <li key={`${step.id}-${i}`}>
            <strong>{step.name}</strong>{' '}
            <span className="muted">in {step.where === step.app ? step.app : `${step.where} (${step.app})`}</span>
            {again ? <span className="muted"> again</span> : <span className="muted"> · about {formatDuration(step.medianSeconds)}</span>}
            {step.handoff && <span className="tag">hand-off</span>}{' '}
            <button
              type="button"
              className="link"
              onClick={() => open(step.example.at, step.example.screenTextId)}
              aria-label={`See a moment of step ${i + 1}, ${step.name}`}
              data-testid="step-moment"
            >
              see a moment
            </button>
          </li>
        ))}
      </ol>

      <h3>Variants</h3>
      <table className="workflow-variants" data-testid="workflow-variants">
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">Cases</th>
            <th scope="col">Share</th>
            <th scope="col">For example</th>
          </tr>
        </thead>
        <tbody>
          {w.variants.map((v) => (
            <tr key={v.id}>
              <td>{v.usual ? 'usual' : v.name}</td>
              <td>{v.cases}</td>
              <td>{percent(v.share)}</td>
              <td>{v.examples.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h3>Occurrences</h3>
      <OccurrenceCalendar from={range.from} to={range.to} perDay={w.occurrences.perDay} />

      {w.inFlight.length > 0 && (
        <>
          <h3>Still in flight</h3>
          <ul className="workflow-list" data-testid="workflow-in-flight">
            {w.inFlight.map((i) => (
              <li key={i.item}>
                <strong>{i.name}</strong>{' '}
                <span className="muted">
                  last at {i.lastStep}, {formatDateTime(i.lastAt)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}

      <h3>On {range.to}</h3>
      {w.deviations.length === 0 ? (
        <p className="muted small" data-testid="workflow-no-deviation">
          Nothing went differently from the usual.
        </p>
      ) : (
        <ul className="workflow-list" data-testid="workflow-deviations">
          {w.deviations.map((dev) => (
            <li key={`${dev.item}-${dev.kind}-${dev.step}`}>
              {dev.text}{' '}
              <button
                type="button"
                className="link"
                onClick={() => open(dev.at, dev.screenTextId)}
                aria-label={`See the moment: ${dev.text}`}
              >
                see the moment
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
