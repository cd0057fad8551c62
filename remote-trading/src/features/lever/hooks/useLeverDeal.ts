import { useCallback, useDeferredValue } from 'react';
import { useQuery, useQueryClient, type MarketPair } from '@app/shared';
import { leverApi } from '../api/leverApi';
import { leverKeys } from '../api/keys';

/**
 * lever/deal of the pair: multiples, hand counts, available lever balance (doc 1 §3). The answer
 * reaches the form in a deferred render (in slices): the query layer's update is synchronous, and
 * the form's render with its first deal was one long task under a phone's CPU.
 */
export function useLeverDeal(pair: MarketPair, enabled: boolean) {
  const { currencyId, legalId } = pair;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: leverKeys.deal(currencyId, legalId),
    queryFn: ({ signal }) => leverApi.deal({ currency_id: currencyId, legal_id: legalId }, signal),
    enabled,
  });
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: leverKeys.deal(currencyId, legalId) }),
    [queryClient, currencyId, legalId],
  );
  const deal = useDeferredValue(query.data ?? null);
  return { deal, reload };
}
