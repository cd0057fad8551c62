// Query keys of the auth feature.
export const authKeys = {
  all: ['auth'] as const,
  countries: () => [...authKeys.all, 'countries'] as const,
};
