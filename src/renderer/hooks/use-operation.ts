import { useCallback, useEffect, useRef, useState } from 'react';
import type { OperationInput, OperationKey, OperationOutput, Operations } from '../../shared/contract/index';
import { isPublicEventName, type PublicEventName } from '../../shared/contract/index';
import { ApiCallError, type ShadowClient } from '../api/index';
import { messageOf } from '../../shared/message-of';

export interface OperationState<T> {
  readonly data: T | null;
  readonly error: string | null;
  /** The API's code for the error (`not_found`, …), to tell a missing thing from a failure. */
  readonly errorCode: string | null;
  readonly loading: boolean;
  readonly reload: () => void;
}

export interface UseOperationOptions {
  /** Events after which the data is fetched again. */
  readonly refreshOn?: readonly PublicEventName[];
  /** Polling as a fallback for what no event announces (app time grows silently). */
  readonly intervalMs?: number;
}

/** Fetches one operation's answer and keeps it fresh; the last good answer stays on screen on errors. */
export function useOperation<K extends OperationKey>(
  client: ShadowClient,
  key: K,
  input: OperationInput<Operations[K]> | undefined,
  options: UseOperationOptions = {},
): OperationState<OperationOutput<Operations[K]>> {
  const [data, setData] = useState<OperationOutput<Operations[K]> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const inputKey = JSON.stringify(input ?? {});
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    client
      .call(key, JSON.parse(inputKey) as OperationInput<Operations[K]>)
      .then((answer) => {
        if (mine !== generation.current) return;
        setData(answer);
        setError(null);
        setErrorCode(null);
      })
      .catch((failure: unknown) => {
        if (mine !== generation.current) return;
        setError(messageOf(failure));
        setErrorCode(failure instanceof ApiCallError ? failure.code : null);
      })
      .finally(() => {
        if (mine === generation.current) setLoading(false);
      });
  }, [client, key, inputKey]);

  const refreshOn = (options.refreshOn ?? []).join(',');
  useEffect(() => {
    reload();
    const unsubscribes = refreshOn
      ? refreshOn
          .split(',')
          .filter(isPublicEventName)
          .map((event) => client.subscribe(event, reload))
      : [];
    const timer = options.intervalMs ? setInterval(reload, options.intervalMs) : undefined;
    return () => {
      unsubscribes.forEach((off) => off());
      if (timer) clearInterval(timer);
    };
  }, [client, reload, refreshOn, options.intervalMs]);

  return { data, error, errorCode, loading, reload };
}
