import { useEffect, useState } from 'react';
import { StorageKey, subscribe, writeStorage } from '@app/shared';
import type { ChartPair } from '../model/pair';

/**
 * Trading hours of a metal or future from market_schedule_{currency} (doc 1 §4: inTrade 1 or 0
 * comes from a live channel; kept under inTrade for the trade screens). Null until it speaks;
 * crypto always trades.
 */
export function useSchedule(pair: ChartPair): boolean | null {
  const [state, setState] = useState<{ id: number; inTrade: boolean } | null>(null);
  const id = pair.currencyId;
  const live = pair.tab !== 0;
  useEffect(() => {
    if (!live) return;
    return subscribe(`market_schedule_${id}`, {}, (payload: unknown) => {
      if (typeof payload !== 'object' || payload === null) return;
      const value = (payload as { inTrade?: unknown }).inTrade;
      if (value === undefined) return;
      const inTrade = String(value) !== '0';
      writeStorage(StorageKey.inTrade, inTrade ? '1' : '0');
      setState({ id, inTrade });
    });
  }, [id, live]);
  if (!live) return true;
  return state?.id === id ? state.inTrade : null;
}
