import { useState } from 'react';
import type { PrivacyReport, RedactionKind } from '../../../shared/contract/index';
import type { ShadowClient } from '../../api/index';
import { messageOf } from '../../../shared/message-of';
import { formatBytes } from '../../../shared/format-bytes';
import { aboutWords } from '../../../shared/user-words';
import { formatDuration } from '../../format';
import { useOperation } from '../../hooks/use-operation';

const KIND_LABELS: Record<RedactionKind, [one: string, many: string]> = {
  card: ['card number', 'card numbers'],
  iban: ['IBAN', 'IBANs'],
  'national-id': ['national id', 'national ids'],
  secret: ['key or token', 'keys and tokens'],
  password: ['password', 'passwords'],
  custom: ['of your words', 'of your words and patterns'],
};

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

function redactedText(redactions: PrivacyReport['redactions']): string {
  if (redactions.total === 0) return 'Nothing needed hiding.';
  const parts = (Object.entries(redactions.byKind) as [RedactionKind, number][])
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => plural(n, ...KIND_LABELS[kind]));
  return `${parts.join(', ')}: replaced before storage or sending.`;
}

function llmText(llm: PrivacyReport['llm']): string {
  if (llm.calls === 0) return 'No call to a model.';
  const where = llm.endpoints.map((e) => e.endpoint).join(', ');
  const refused = llm.refused > 0 ? `, ${llm.refused} refused by “Local only”` : '';
  const images =
    llm.imagesSent + llm.imagesWithheld > 0
      ? ` · ${llm.imagesSent} screenshots sent (${formatBytes(llm.imageBytes)}), ${llm.imagesWithheld} held back`
      : '';
  return `${plural(llm.calls, 'call', 'calls')} to ${where}${refused} · ${aboutWords(llm.promptTokens)} sent${images}`;
}

/** Agents that read over MCP today, most read first: `claude-code: 12 calls, about 6,300 words (work_session_summary 5, app_time 7)`. */
function agentsText(reads: PrivacyReport['agentReads']): string {
  if (reads.length === 0) return 'No agent read anything.';
  const byAgent = new Map<string, { calls: number; tokens: number; tools: string[] }>();
  for (const r of reads) {
    const agent = byAgent.get(r.agent) ?? { calls: 0, tokens: 0, tools: [] };
    agent.calls += r.calls;
    agent.tokens += r.tokens;
    agent.tools.push(`${r.tool} ${r.calls}`);
    byAgent.set(r.agent, agent);
  }
  return [...byAgent]
    .sort((a, b) => b[1].tokens - a[1].tokens)
    .map(([name, a]) => `${name}: ${plural(a.calls, 'call', 'calls')}, ${aboutWords(a.tokens)} (${a.tools.join(', ')})`)
    .join(' · ');
}

/** Today's privacy: where data may go (with the local-only switch), whether the store is encrypted, and what was hidden. */
export function PrivacyCard({ client }: { readonly client: ShadowClient }) {
  const report = useOperation(client, 'privacyReport', {}, { refreshOn: ['work-session:ended'], intervalMs: 15_000 });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = report.data;
  if (!data) return <p className="muted">{report.error ?? 'Loading privacy…'}</p>;
  const { status, excluded, framesDropped } = data;

  const toggleLocalOnly = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await client.call('setLocalOnly', { enabled: !status.localOnly.enabled });
      report.reload();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const rules = excluded.byRule.map((r) => `${r.rule} ${formatDuration(r.seconds)}`).join(' · ');
  return (
    <section className="card privacy-card" aria-labelledby="privacy-title" data-testid="privacy-card">
      <div className="card-head">
        <h2 id="privacy-title">Privacy today</h2>
        <label className="local-only small">
          <input
            type="checkbox"
            checked={status.localOnly.enabled}
            disabled={busy}
            onChange={() => void toggleLocalOnly()}
            data-testid="local-only"
          />{' '}
          Local only
        </label>
      </div>
      <p className="privacy-destination" data-testid="privacy-destination">
        {status.dataMayGoTo}
      </p>
      {status.store.warning ? (
        <p className="privacy-warning small" data-testid="privacy-store" data-encrypted="false">
          {status.store.warning}
        </p>
      ) : (
        <p className="muted small" data-testid="privacy-store" data-encrypted="true">
          Stored encrypted on this machine.
        </p>
      )}
      <dl className="privacy-facts">
        <dt>Private windows</dt>
        <dd data-testid="privacy-excluded">
          {formatDuration(excluded.seconds)}
          {rules && <span className="muted"> ({rules})</span>}
        </dd>
        <dt>Screenshots</dt>
        <dd data-testid="privacy-frames">
          {plural(data.regionsBlackedOut, 'window blacked out', 'windows blacked out')} ·{' '}
          {plural(framesDropped.total, 'dropped', 'dropped')}
        </dd>
        <dt>Hidden text</dt>
        <dd data-testid="privacy-redactions" data-total={data.redactions.total}>
          {redactedText(data.redactions)}
        </dd>
        <dt>Model</dt>
        <dd data-testid="privacy-llm">{llmText(data.llm)}</dd>
        <dt>Agents (MCP)</dt>
        <dd data-testid="privacy-agents">{agentsText(data.agentReads)}</dd>
      </dl>
      {error && (
        <p className="error-line" role="status">
          {error}
        </p>
      )}
    </section>
  );
}
