import type { ScreenSearchHit, ScreenSearchInput, ScreenSearchResult } from '../../shared/contract/index';
import { screenSearchInputSchema } from '../../shared/contract/index';
import { iso } from '../clock';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { timeBoundMs } from '../time';
import { toFtsQuery } from './screen-query';

/** Ranked hits for the words of `q`, optionally in one app and between two moments. */
export function searchScreenTextInWindow(
  repository: ScreenTextRepository,
  { q, limit, fromMs, toMs, app }: { q: string; limit: number; fromMs?: number; toMs?: number; app?: string },
): ScreenSearchHit[] {
  const match = toFtsQuery(q);
  if (match === null) return [];
  return repository.search({ match, app, fromMs, toMs, limit }).map((h) => ({
    id: h.id,
    at: iso(h.atMs),
    app: h.app,
    title: h.title,
    snippet: h.snippet,
    score: h.score,
    ...(h.monitor !== null && { monitor: h.monitor }),
    ...(h.device && { device: h.device }),
  }));
}

/** Screen search as the API and the CLI both answer it. */
export function searchScreenText(repository: ScreenTextRepository, input: ScreenSearchInput): ScreenSearchResult {
  const { q, app, from, to, limit } = screenSearchInputSchema.parse(input);
  const hits = searchScreenTextInWindow(repository, { q, limit, app, fromMs: timeBoundMs(from, 'start'), toMs: timeBoundMs(to, 'end') });
  return { query: q, hits };
}
