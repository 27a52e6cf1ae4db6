import type { DiskMeter } from '../../../shared/contract/index';
import { formatBytes } from '../../../shared/format-bytes';
import type { ShadowClient } from '../../api/index';
import { useOperation } from '../../hooks/use-operation';

const keptFor = (days: number | null): string => (days === null ? 'forever' : `${days} days`);

function pruneText(meter: DiskMeter): string {
  if (meter.pruning) return 'Removing the oldest screen text and frames…';
  if (!meter.lastPrune || meter.lastPrune.frames + meter.lastPrune.screenTextRows === 0) return 'Nothing removed for space.';
  const { frames, screenTextRows } = meter.lastPrune;
  return `Last made room by removing ${frames} old frames and ${screenTextRows} old pieces of screen text.`;
}

/** What the profile occupies against its size cap, and how long each kind of data is kept. */
export function DiskMeterCard({ client }: { readonly client: ShadowClient }) {
  const meter = useOperation(client, 'diskMeter', {}, { intervalMs: 60_000 });
  const data = meter.data;
  if (!data) return <p className="muted">{meter.error ?? 'Loading the disk meter…'}</p>;
  const percent = Math.min(100, Math.round(data.share * 100));
  return (
    <section className="card disk-meter" aria-labelledby="disk-title" data-testid="disk-meter">
      <div className="card-head">
        <h2 id="disk-title">Disk</h2>
        <span className="small muted">
          {formatBytes(data.usedBytes)} of {formatBytes(data.capBytes)}
        </span>
      </div>
      <meter
        className="disk-bar"
        min={0}
        max={data.capBytes}
        high={data.capBytes * 0.9}
        value={Math.min(data.usedBytes, data.capBytes)}
        aria-label={`Disk used: ${percent}% of the cap`}
        data-testid="disk-bar"
      />
      <p className={data.overBudget ? 'disk-over small' : 'small muted'}>
        {data.overBudget ? 'Over the cap: ' : ''}
        {pruneText(data)}
      </p>
      <dl className="disk-facts small">
        <dt>Database</dt>
        <dd>{formatBytes(data.databaseBytes)}</dd>
        <dt>Kept frames</dt>
        <dd>
          {formatBytes(data.framesBytes)}, kept {keptFor(data.retention.framesDays)}
        </dd>
        <dt>Screen text</dt>
        <dd>
          kept {keptFor(data.retention.screenTextDays)}
          {data.oldestScreenTextDay ? `, since ${data.oldestScreenTextDay}` : ''}
        </dd>
        <dt>Summaries</dt>
        <dd>kept {keptFor(data.retention.summariesDays)}</dd>
      </dl>
    </section>
  );
}
