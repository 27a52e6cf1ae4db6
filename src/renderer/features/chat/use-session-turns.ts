import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { TURN_RANGE_MAX, type Turn } from '../../../shared/contract/sessions';
import type { ShadowClient } from '../../api/index';
import { messageOf } from '../../../shared/message-of';

/** A turn whose reply is still streaming: the prompt as sent and the reply so far. */
export interface LiveTurn {
  readonly number: number;
  readonly prompt: string;
  readonly reply: string;
  readonly createdAt: string;
}

export interface SessionTurns {
  /** Loaded turns, oldest first (a window ending at the newest turn). */
  readonly turns: readonly Turn[];
  readonly totalTurns: number;
  readonly live: LiveTurn | null;
  readonly loading: boolean;
  readonly error: string | null;
  /** The first loaded turn is not turn 1. */
  readonly hasEarlier: boolean;
  loadEarlier(): Promise<void>;
  /** Loads everything from turn `n` on, so the turn can be shown (the TOC and search jump to it). */
  ensureLoaded(n: number): Promise<void>;
}

/** Turns by number, oldest first; a turn fetched again replaces the copy held. */
function mergeTurns(held: readonly Turn[], fetched: readonly Turn[]): Turn[] {
  const byNumber = new Map(held.map((turn) => [turn.number, turn]));
  for (const turn of fetched) byNumber.set(turn.number, turn);
  return [...byNumber.values()].sort((a, b) => a.number - b.number);
}

/**
 * The newest turns of a session, older ones page by page (the API gives at most 20 at a time), kept
 * current by the session events: a new prompt shows at once and its reply grows as it streams,
 * whichever surface sent it.
 */
export function useSessionTurns(client: ShadowClient, sessionId: string | null): SessionTurns {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [totalTurns, setTotalTurns] = useState(0);
  const [live, setLive] = useState<LiveTurn | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Read by ensureLoaded, which runs from event handlers; kept current before any of them can run.
  const turnsRef = useRef<Turn[]>([]);
  useLayoutEffect(() => {
    turnsRef.current = turns;
  }, [turns]);

  // Another session (or client) starts from nothing: reset while rendering, before its turns load.
  const [shownFor, setShownFor] = useState<{ client: ShadowClient; sessionId: string | null } | null>(null);
  if (shownFor?.client !== client || shownFor.sessionId !== sessionId) {
    setShownFor({ client, sessionId });
    setTurns([]);
    setTotalTurns(0);
    setLive(null);
    setError(null);
    if (sessionId) setLoading(true);
  }

  const fetchRange = useCallback(
    async (id: string, from: number, to: number): Promise<Turn[]> => (await client.call('getTurns', { id, from, to })).turns,
    [client],
  );

  useEffect(() => {
    if (!sessionId) return;
    let cancelled = false;
    void (async () => {
      try {
        const { turnCount } = await client.call('getSession', { id: sessionId });
        const newest = turnCount > 0 ? await fetchRange(sessionId, Math.max(1, turnCount - TURN_RANGE_MAX + 1), turnCount) : [];
        if (cancelled) return;
        // A turn completed while this loaded may already be in; merge rather than replace. A turn still
        // streaming (sent from here a moment ago, or from another surface) shows as the live turn.
        const streaming = newest.find((turn) => turn.status === 'streaming');
        if (streaming) {
          setLive(
            (current) =>
              current ?? { number: streaming.number, prompt: streaming.prompt, reply: streaming.reply, createdAt: streaming.createdAt },
          );
        }
        setTurns((current) =>
          mergeTurns(
            current,
            newest.filter((turn) => turn.status !== 'streaming'),
          ),
        );
        setTotalTurns((total) => Math.max(total, turnCount));
      } catch (failure) {
        if (!cancelled) setError(messageOf(failure));
      } finally {
        if (!cancelled) setLoading(false);
      }
    })();

    // Events of every session arrive; only this one's are taken.
    const offs = [
      client.subscribe('session:turn-started', (event) => {
        if (event.sessionId !== sessionId) return;
        setLive({ number: event.turn, prompt: event.prompt, reply: '', createdAt: event.at });
        setTotalTurns((total) => Math.max(total, event.turn));
      }),
      client.subscribe('session:reply-delta', (event) => {
        if (event.sessionId !== sessionId) return;
        setLive((current) => (current && current.number === event.turn ? { ...current, reply: current.reply + event.text } : current));
      }),
      client.subscribe('session:turn-completed', (event) => {
        if (event.sessionId !== sessionId) return;
        const n = event.turn;
        void client
          .call('getTurn', { id: sessionId, n })
          .then(({ turn }) => {
            setTurns((current) => mergeTurns(current, [turn]));
            setTotalTurns((total) => Math.max(total, n));
            setLive((current) => (current?.number === n ? null : current));
          })
          .catch((failure: unknown) => setError(messageOf(failure)));
      }),
    ];
    return () => {
      cancelled = true;
      offs.forEach((off) => off());
    };
  }, [client, sessionId, fetchRange]);

  const ensureLoaded = useCallback(
    async (n: number): Promise<void> => {
      if (!sessionId) return;
      let first = turnsRef.current[0]?.number ?? totalTurns + 1;
      try {
        while (first > Math.max(1, n)) {
          const from = Math.max(1, n, first - TURN_RANGE_MAX);
          const page = await fetchRange(sessionId, from, first - 1);
          setTurns((current) => mergeTurns(current, page));
          first = from;
        }
      } catch (failure) {
        setError(messageOf(failure));
      }
    },
    [sessionId, totalTurns, fetchRange],
  );

  const firstLoaded = turns[0]?.number ?? 1;
  return {
    turns,
    totalTurns,
    live,
    loading,
    error,
    hasEarlier: firstLoaded > 1,
    loadEarlier: () => ensureLoaded(Math.max(1, firstLoaded - TURN_RANGE_MAX)),
    ensureLoaded,
  };
}
