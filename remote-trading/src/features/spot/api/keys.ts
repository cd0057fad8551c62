// Query keys of the spot feature: the pair's balances and order lists.
export const spotKeys = {
  all: ['spot'] as const,
  pair: (currencyId: number, legalId: number) => [...spotKeys.all, currencyId, legalId] as const,
  deal: (currencyId: number, legalId: number) => [...spotKeys.pair(currencyId, legalId), 'deal'] as const,
  pending: (currencyId: number, legalId: number) =>
    [...spotKeys.pair(currencyId, legalId), 'pending'] as const,
  completed: (currencyId: number, legalId: number) =>
    [...spotKeys.pair(currencyId, legalId), 'completed'] as const,
};
