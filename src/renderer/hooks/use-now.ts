import { useEffect, useState } from 'react';

/**
 * The current time for "… ago" texts, read when the component mounts and again every `everyMs`.
 * Reading the clock while rendering would make a render depend on when it happens.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
