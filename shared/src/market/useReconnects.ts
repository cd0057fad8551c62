import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { socketStatusAtom } from '../socket/socket';

/**
 * Counts how often the live connection came back after a drop. The socket subscribes again by
 * itself; the market hooks reload their snapshot (quotes, candles, trades, book) when this
 * changes, to fill what was missed; meanwhile they keep showing the last values.
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
