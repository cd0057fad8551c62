// Query keys of the about feature: the live builds (host and remotes' manifests).
export const aboutKeys = {
  all: ['about'] as const,
  builds: () => [...aboutKeys.all, 'builds'] as const,
};
