import { useEffect, useState } from 'react';
import { type MarketPair, StorageKey, subscribe, writeStorage } from '@app/shared';

/** inTrade of a market_schedule_{currency} payload (doc 1 §4), or null when it carries none. */
export function inTradeFromPayload(payload: unknown): boolean | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const value = (payload as { inTrade?: unknown }).inTrade;
  if (value === undefined || value === null) return null;
  return String(value) !== '0';
}

/**
 * Trading hours of a metal or future from market_schedule_{currency} (doc 1 §4), also kept
 * under the inTrade key for the trade screens. Crypto always trades; null until the channel speaks.
 */
export function useInTrade(pair: Pick<MarketPair, 'tab' | 'currencyId'>): boolean | null {
  const [state, setState] = useState<{ id: number; inTrade: boolean } | null>(null);
  const { currencyId, tab } = pair;
  const live = tab !== 0;
  useEffect(() => {
    if (!live) return;
    return subscribe(`market_schedule_${currencyId}`, {}, (payload) => {
      const inTrade = inTradeFromPayload(payload);
      if (inTrade === null) return;
      writeStorage(StorageKey.inTrade, inTrade ? '1' : '0');
      setState({ id: currencyId, inTrade });
    });
  }, [currencyId, live]);
  if (!live) return true;
  return state?.id === currencyId ? state.inTrade : null;
}
