import { useCallback, useState } from 'react';
import { messageOf } from '../../shared/message-of';

export interface ActionState {
  /** True while an action runs: its buttons are disabled. */
  readonly busy: boolean;
  /** The last action's failure, readable; cleared when the next one starts. */
  readonly error: string | null;
  readonly run: (action: () => Promise<unknown>) => Promise<void>;
}

/** Runs a button's API call with a busy flag and an inline error, so a failure never throws into React. */
export function useAction(): ActionState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
