import { useEffect, useState } from 'react';
import { StorageKey, subscribe, writeStorage } from '@app/shared';
import type { TradePair } from '../model/pair';

/**
 * inTrade of a metal or future from market_schedule_{currency} (doc 1 §4), also kept under the
 * inTrade key. Crypto always trades; null until the channel speaks.
 */
export function useInTrade(pair: TradePair): boolean | null {
  const [state, setState] = useState<{ id: number; inTrade: boolean } | null>(null);
  const { currencyId, tab } = pair;
  const live = tab !== 0;
  useEffect(() => {
    if (!live) return;
    return subscribe(`market_schedule_${currencyId}`, {}, (payload: unknown) => {
      if (typeof payload !== 'object' || payload === null) return;
      const value = (payload as { inTrade?: unknown }).inTrade;
      if (value === undefined) return;
      const inTrade = String(value) !== '0';
      writeStorage(StorageKey.inTrade, inTrade ? '1' : '0');
      setState({ id: currencyId, inTrade });
    });
  }, [currencyId, live]);
  if (!live) return true;
  return state?.id === currencyId ? state.inTrade : null;
}
