// Query keys of the seconds feature: the payable currencies (with the wallet), the durations
// and the two order lists.
export const secondsKeys = {
  all: ['seconds'] as const,
  currencies: () => [...secondsKeys.all, 'currencies'] as const,
  durations: () => [...secondsKeys.all, 'durations'] as const,
  lists: () => [...secondsKeys.all, 'list'] as const,
  list: (status: 1 | 3) => [...secondsKeys.lists(), status] as const,
};
