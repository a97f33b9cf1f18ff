/** Query keys of the chat feature. */
export const chatKeys = {
  all: ['chat'] as const,
  history: (matchId: string) => [...chatKeys.all, 'history', matchId] as const,
  match: (userId: string, matchId: string) => [...chatKeys.all, 'match', userId, matchId] as const,
};
