// Query keys of the launch feature. The project's texts come in the request's language.
export const launchKeys = {
  all: ['launch'] as const,
  project: (locale: string) => [...launchKeys.all, 'project', locale] as const,
  price: (cId: number) => [...launchKeys.all, 'price', cId] as const,
  subscriptions: () => [...launchKeys.all, 'subscriptions'] as const,
};
