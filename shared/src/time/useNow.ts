import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `ms` while `active`, and once more exactly at `until` (so a
 * countdown reaches 0 on time, not up to one tick late).
 */
export function useNow(ms: number, active = true, until?: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, ms);
    const delay = until === undefined ? -1 : until - Date.now();
    const atEnd = delay >= 0 ? setTimeout(tick, delay + 1) : undefined;
    return () => {
      clearTimeout(first);
      clearTimeout(atEnd);
      clearInterval(timer);
    };
  }, [ms, active, until]);
  return now;
}
