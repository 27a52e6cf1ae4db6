import {
  redactionChannelSchema,
  redactionKindSchema,
  type PrivacyReport,
  type PrivacyStatus,
  type RedactionChannel,
  type RedactionKind,
} from '../../shared/contract/privacy';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import type { PrivacyRepository } from '../store/repositories/privacy-repository';
import { localDayBounds } from '../time';
import { metric } from './privacy-ledger';

export interface PrivacyReportSources {
  readonly activity: Pick<ActivityRepository, 'appTime' | 'privateTimeByRule'>;
  readonly privacy: Pick<PrivacyRepository, 'countsOn' | 'llmTraffic' | 'agentReads'>;
  readonly status: PrivacyStatus;
}

const zeros = <K extends string>(keys: readonly K[]): Record<K, number> => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** One local day of what was kept out, hidden or sent: from the spans, the daily counters, the LLM call records and agents' reads. */
export function buildPrivacyReport(date: string, sources: PrivacyReportSources): PrivacyReport {
  const window = localDayBounds(date);
  const counts = sources.privacy.countsOn(date);

  const byKind = zeros<RedactionKind>(redactionKindSchema.options);
  const byChannel = zeros<RedactionChannel>(redactionChannelSchema.options);
  const dropped: { reason: string; count: number }[] = [];
  for (const [name, n] of counts) {
    const [family, first, second] = name.split(':');
    if (family === 'redacted' && first && second) {
      byChannel[first as RedactionChannel] = (byChannel[first as RedactionChannel] ?? 0) + n;
      byKind[second as RedactionKind] = (byKind[second as RedactionKind] ?? 0) + n;
    } else if (family === 'frames-dropped' && first) {
      dropped.push({ reason: first, count: n });
    }
  }

  const traffic = sources.privacy.llmTraffic(window.startMs, window.endMs);
  const endpoints = new Map<string, { endpoint: string; calls: number; promptTokens: number; completionTokens: number }>();
  const llm = {
    calls: 0,
    answered: 0,
    fellBack: 0,
    refused: 0,
    promptTokens: 0,
    completionTokens: 0,
    imagesSent: 0,
    imagesWithheld: 0,
    imageBytes: 0,
  };
  for (const row of traffic) {
    llm.calls += row.calls;
    if (row.outcome === 'answered') llm.answered += row.calls;
    else if (row.outcome === 'fell-back') llm.fellBack += row.calls;
    else llm.refused += row.calls;
    llm.promptTokens += row.promptTokens;
    llm.completionTokens += row.completionTokens;
    llm.imagesSent += row.imagesSent;
    llm.imagesWithheld += row.imagesWithheld;
    llm.imageBytes += row.imageBytes;
    const usage = endpoints.get(row.endpoint) ?? { endpoint: row.endpoint, calls: 0, promptTokens: 0, completionTokens: 0 };
    usage.calls += row.calls;
    usage.promptTokens += row.promptTokens;
    usage.completionTokens += row.completionTokens;
    endpoints.set(row.endpoint, usage);
  }

  const total = Object.values(byKind).reduce((sum, n) => sum + n, 0);
  return {
    date,
    excluded: {
      seconds: sources.activity.appTime({ window }).privateSeconds,
      byRule: sources.activity.privateTimeByRule(window),
    },
    framesDropped: {
      total: dropped.reduce((sum, d) => sum + d.count, 0),
      byReason: dropped.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    },
    regionsBlackedOut: counts.get(metric.regionsBlackedOut) ?? 0,
    redactions: { total, byKind, byChannel },
    llm: { ...llm, endpoints: [...endpoints.values()].sort((a, b) => b.calls - a.calls) },
    agentReads: sources.privacy.agentReads(window.startMs, window.endMs),
    status: sources.status,
  };
}
