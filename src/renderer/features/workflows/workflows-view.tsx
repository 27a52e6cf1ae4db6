import { useState, type FormEvent } from 'react';
import type { ShadowClient } from '../../api/index';
import { useOperation } from '../../hooks/use-operation';
import { MomentDialog, type MomentTarget } from '../evidence/moment-dialog';
import { addDays } from '../today/local-dates';
import { WorkflowCard } from './workflow-card';

interface Range {
  readonly from?: string;
  readonly to?: string;
}

/**
 * Workflows: the work that repeats across the days of a range (default the last seven, ending on the
 * engine's today): each kind of item with its steps as a map, its variants, its occurrences on a calendar,
 * what is still in flight and how the last day differed; every step and deviation opens its moment.
 */
export function WorkflowsView({ client }: { readonly client: ShadowClient }) {
  const [range, setRange] = useState<Range>({});
  const list = useOperation(client, 'listWorkflows', range, { refreshOn: ['work-session:ended', 'sync:imported'] });
  const [moment, setMoment] = useState<MomentTarget | null>(null);
  const shown = list.data;
  const [draft, setDraft] = useState<Range | null>(null);
  const from = draft?.from ?? shown?.from ?? '';
  const to = draft?.to ?? shown?.to ?? '';

  const apply = (event: FormEvent): void => {
    event.preventDefault();
    if (from && to) setRange({ from, to });
    setDraft(null);
  };
  const lastDays = (days: number): void => {
    const end = shown?.to;
    setDraft(null);
    setRange(end ? { from: addDays(end, -(days - 1)), to: end } : {});
  };

  return (
    <main className="workflows-view" data-testid="workflows-view">
      <section className="card" aria-labelledby="workflows-title">
        <div className="card-head">
          <h1 id="workflows-title">Workflows</h1>
          <span className="muted small">the work that repeats: each kind of item and the steps it goes through</span>
        </div>
        <form className="workflow-range" onSubmit={apply}>
          <label>
            From <input type="date" value={from} onChange={(e) => setDraft({ from: e.target.value, to })} data-testid="workflows-from" />
          </label>
          <label>
            To <input type="date" value={to} onChange={(e) => setDraft({ from, to: e.target.value })} data-testid="workflows-to" />
          </label>
          <button type="submit" className="primary" data-testid="workflows-apply">
            Show
          </button>
          <button type="button" onClick={() => lastDays(7)}>
            Last 7 days
          </button>
          <button type="button" onClick={() => lastDays(28)}>
            Last 4 weeks
          </button>
        </form>
        {list.error && <p className="error-line">{list.error}</p>}
        {shown && shown.workflows.length === 0 && (
          <p className="muted" data-testid="workflows-empty">
            Nothing repeated from {shown.from} to {shown.to}: a workflow appears once the same kind of item goes through the same steps
            twice.
          </p>
        )}
      </section>
      {shown?.workflows.map((w) => (
        <WorkflowCard key={w.id} workflow={w} range={shown} onMoment={setMoment} />
      ))}
      {moment && <MomentDialog client={client} target={moment} onClose={() => setMoment(null)} />}
    </main>
  );
}
