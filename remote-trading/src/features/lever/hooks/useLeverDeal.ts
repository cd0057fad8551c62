import { useCallback, useEffect, useState } from 'react';
import type { MarketPair } from '@app/shared';
import { leverApi, type LeverDeal } from '../api/leverApi';

/** lever/deal of the pair: multiples, hand counts, available lever balance (doc 1 §3). */
export function useLeverDeal(pair: MarketPair, enabled: boolean) {
  const [deal, setDeal] = useState<{ id: number; deal: LeverDeal } | null>(null);
  const [version, setVersion] = useState(0);
  const { currencyId, legalId } = pair;
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    leverApi.deal({ currency_id: currencyId, legal_id: legalId }).then(
      (d) => alive && setDeal({ id: currencyId, deal: d }),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [currencyId, legalId, enabled, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { deal: deal?.id === currencyId ? deal.deal : null, reload };
}
