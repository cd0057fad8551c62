// Query keys of the support feature. The chat URL follows the app's language.
export const supportKeys = {
  all: ['support'] as const,
  serviceUrl: (terminal: string, locale: string) =>
    [...supportKeys.all, 'service-url', terminal, locale] as const,
};
