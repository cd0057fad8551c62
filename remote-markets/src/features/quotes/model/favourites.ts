// Favourite pairs, kept in localStorage on this device (by chart symbol: BTC/USDT, XAUUSD).
import { atom, getDefaultStore } from 'jotai';
import { readStorage, writeStorage } from '@app/shared';

export const FAVOURITES_KEY = 'favouriteQuotes';

export function readFavourites(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(readStorage(FAVOURITES_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : []);
  } catch {
    return new Set();
  }
}

export const favouritesAtom = atom<ReadonlySet<string>>(readFavourites());

/** Adds or removes a favourite; returns whether it is now a favourite. */
export function toggleFavourite(symbol: string): boolean {
  const store = getDefaultStore();
  const next = new Set(store.get(favouritesAtom));
  const on = !next.has(symbol);
  if (on) next.add(symbol);
  else next.delete(symbol);
  writeStorage(FAVOURITES_KEY, JSON.stringify([...next]));
  store.set(favouritesAtom, next);
  return on;
}

/** Tests only: read the stored favourites again. */
export function reloadFavourites(): void {
  getDefaultStore().set(favouritesAtom, readFavourites());
}
