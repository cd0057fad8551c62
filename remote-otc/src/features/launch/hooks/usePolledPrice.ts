import { useEffect, useState } from 'react';
import { PRICE_POLL_MS, launchApi } from '../api/launchApi';

/** The token price in the chosen pay currency, asked again every second (doc 2 §7, §9). */
export function usePolledPrice(cId: number, initial?: string): string | null {
  const [state, setState] = useState<{ cId: number; price: string } | null>(
    initial ? { cId, price: initial } : null,
  );
  useEffect(() => {
    let alive = true;
    let seq = 0;
    let latest = 0;
    const ask = () => {
      const mine = ++seq;
      launchApi.price(cId).then(
        (answer) => {
          // Only the newest answer counts (an older one may arrive late).
          if (alive && mine > latest) {
            latest = mine;
            setState({ cId, price: answer.price });
          }
        },
        () => undefined,
      );
    };
    ask();
    const timer = setInterval(ask, PRICE_POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [cId]);
  return state && state.cId === cId ? state.price : null;
}
