// Query keys of the lock-up feature.
export const lockupKeys = {
  all: ['lockup'] as const,
  products: () => [...lockupKeys.all, 'products'] as const,
  orders: () => [...lockupKeys.all, 'orders'] as const,
};
