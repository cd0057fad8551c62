import { useQuery } from '@app/shared';
import { PRICE_POLL_MS, launchApi } from '../api/launchApi';
import { launchKeys } from '../api/keys';

/**
 * The token price in the chosen pay currency, asked again every second (doc 2 §7, §9); an
 * answer for another currency never shows (each currency has its own cached query).
 */
export function usePolledPrice(cId: number, initial?: string): string | null {
  const price = useQuery({
    queryKey: launchKeys.price(cId),
    queryFn: ({ signal }) => launchApi.price(cId, signal),
    select: (answer) => answer.price,
    refetchInterval: PRICE_POLL_MS,
    // A price a second old is already stale; a failed ask waits for the next tick.
    staleTime: 0,
    retry: false,
  });
  return price.data ?? initial ?? null;
}
