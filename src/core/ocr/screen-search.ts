import type { ScreenSearchInput, ScreenSearchResult } from '../../shared/contract/index';
import { screenSearchInputSchema } from '../../shared/contract/index';
import { iso } from '../clock';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { localDayBounds } from '../time';
import { toFtsQuery } from './screen-query';

const isLocalDay = (bound: string): boolean => bound.length === 10;

/** `from`: a day means its start; `to`: a day means its end, so `to=2026-03-02` includes that day. */
function boundToMs(bound: string | undefined, side: 'from' | 'to'): number | undefined {
  if (bound === undefined) return undefined;
  if (!isLocalDay(bound)) return Date.parse(bound);
  const day = localDayBounds(bound);
  return side === 'from' ? day.startMs : day.endMs;
}

/** Screen search as the API and the CLI both answer it. */
export function searchScreenText(repository: ScreenTextRepository, input: ScreenSearchInput): ScreenSearchResult {
  const { q, app, from, to, limit } = screenSearchInputSchema.parse(input);
  const match = toFtsQuery(q);
  if (match === null) return { query: q, hits: [] };
  const hits = repository.search({ match, app, fromMs: boundToMs(from, 'from'), toMs: boundToMs(to, 'to'), limit });
  return {
    query: q,
    hits: hits.map((h) => ({ id: h.id, at: iso(h.atMs), app: h.app, title: h.title, snippet: h.snippet, score: h.score })),
  };
}
