/** Query keys of the accounts feature; mutations invalidate through these. */
export const accountKeys = {
  all: ['accounts'] as const,
  user: (userId: string) => [...accountKeys.all, 'user', userId] as const,
  allStats: () => [...accountKeys.all, 'stats'] as const,
  stats: (userId: string) => [...accountKeys.allStats(), userId] as const,
};
