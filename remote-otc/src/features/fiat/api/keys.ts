// Query keys of the fiat feature (one factory: invalidation names what it refreshes).
export const fiatKeys = {
  all: ['fiat'] as const,
  info: () => [...fiatKeys.all, 'info'] as const,
  records: () => [...fiatKeys.all, 'records'] as const,
  order: (id: string) => [...fiatKeys.all, 'order', id] as const,
};
