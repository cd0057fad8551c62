// Query keys of the leverage feature.
import type { LeverListStatus } from './leverApi';

export const leverKeys = {
  all: ['lever'] as const,
  deal: (currencyId: number, legalId: number) => [...leverKeys.all, 'deal', currencyId, legalId] as const,
  orders: (tab: LeverListStatus) => [...leverKeys.all, 'orders', tab] as const,
};
