// Query keys of the account feature.
export const accountKeys = {
  all: ['account'] as const,
  info: () => [...accountKeys.all, 'info'] as const,
  center: () => [...accountKeys.all, 'center'] as const,
  cashInfo: () => [...accountKeys.all, 'cash-info'] as const,
  invitees: () => [...accountKeys.all, 'invitees'] as const,
};
