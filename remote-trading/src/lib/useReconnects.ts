import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { socketStatusAtom } from '@app/shared';

/**
 * Counts how often the live connection came back after a drop. Screens reload their snapshot
 * (chart, trades, book) when it changes, to fill what was missed; meanwhile they keep showing
 * the last values.
 */
export function useReconnects(): number {
  const status = useAtomValue(socketStatusAtom);
  const dropped = useRef(false);
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (status === 'reconnecting') dropped.current = true;
    else if (status === 'connected' && dropped.current) {
      dropped.current = false;
      setCount((n) => n + 1);
    }
  }, [status]);
  return count;
}
