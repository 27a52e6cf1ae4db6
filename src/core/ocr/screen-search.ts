import type { ScreenSearchHit, ScreenSearchInput, ScreenSearchResult } from '../../shared/contract/index';
import { screenSearchInputSchema } from '../../shared/contract/index';
import { iso } from '../clock';
import { deviceOf } from '../store/repositories/device-repository';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { timeBoundMs } from '../time';
import { toFtsQuery } from './screen-query';
import { groupSightings } from './screen-sightings';

export interface ScreenSearchQuery {
  readonly q: string;
  readonly limit: number;
  readonly app?: string;
  readonly fromMs?: number;
  readonly toMs?: number;
  /** Hits to skip (a cursor's). */
  readonly offset?: number;
  /** The newest row the search reads (a cursor's); the store's newest when absent. */
  readonly upToId?: number;
}

/** One page of a screen search and where it stands in the whole. */
export interface ScreenSearchPage {
  readonly hits: ScreenSearchHit[];
  readonly total: number;
  readonly totalExact: boolean;
  /** Where the next page starts; null when this one is the last. */
  readonly nextOffset: number | null;
  readonly upToId: number;
}

/**
 * Ranked hits for the words of `q`, optionally in one app and between two moments: the same text seen
 * again in the same window within minutes is one hit with its time range and how often it was seen
 * (`groupSightings`), counted in all, one page of them from `offset`.
 */
export function searchScreenPage(repository: ScreenTextRepository, query: ScreenSearchQuery): ScreenSearchPage {
  const upToId = query.upToId ?? repository.newestId();
  const offset = query.offset ?? 0;
  const match = toFtsQuery(query.q);
  if (match === null) return { hits: [], total: 0, totalExact: true, nextOffset: null, upToId };
  const { rows, more } = repository.sightings({ match, app: query.app, fromMs: query.fromMs, toMs: query.toMs, upToId });
  const groups = groupSightings(rows);
  const page = groups.slice(offset, offset + query.limit);
  const labels = repository.deviceLabels();
  const hits = page.map(({ best: h, firstMs, lastMs, count }) => ({
    id: h.id,
    at: iso(h.atMs),
    app: h.app,
    title: h.title,
    snippet: h.snippet,
    score: h.score,
    ...(h.monitor !== null && { monitor: h.monitor }),
    ...deviceOf(labels, h.deviceKey),
    timesSeen: count,
    firstAt: iso(firstMs),
    lastAt: iso(lastMs),
  }));
  const next = offset + page.length;
  return { hits, total: groups.length, totalExact: !more, nextOffset: next < groups.length ? next : null, upToId };
}

/** A screen search's cursor: the hits to skip and the newest row its first page read. */
export const screenCursor = (offset: number, upToId: number): string => `${offset}~${upToId}`;

/** Reads a cursor of `screenCursor` (the contract checked its form). */
export function readScreenCursor(cursor: string | undefined): { offset: number; upToId: number } | undefined {
  if (cursor === undefined) return undefined;
  const [offset, upToId] = cursor.split('~').map(Number) as [number, number];
  return { offset, upToId };
}

/** Screen search as the API and the CLI both answer it. */
export function searchScreenText(repository: ScreenTextRepository, input: ScreenSearchInput): ScreenSearchResult {
  const { q, app, from, to, limit, cursor } = screenSearchInputSchema.parse(input);
  const page = searchScreenPage(repository, {
    q,
    limit,
    app,
    fromMs: timeBoundMs(from, 'start'),
    toMs: timeBoundMs(to, 'end'),
    ...readScreenCursor(cursor),
  });
  return {
    query: q,
    hits: page.hits,
    total: page.total,
    totalExact: page.totalExact,
    cursor: screenCursor(readScreenCursor(cursor)?.offset ?? 0, page.upToId),
    nextCursor: page.nextOffset === null ? null : screenCursor(page.nextOffset, page.upToId),
  };
}
