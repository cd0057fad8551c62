import { useAtomValue } from 'jotai';
import { favouritesAtom, toggleFavourite } from '../model/favourites';

/** Favourite symbols (kept in localStorage) and the toggle. */
export function useFavourites(): [ReadonlySet<string>, (symbol: string) => void] {
  return [useAtomValue(favouritesAtom), toggleFavourite];
}
