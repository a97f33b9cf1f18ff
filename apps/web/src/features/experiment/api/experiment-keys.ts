import type { PlaceProvider, TerminalId } from '@aeropool/contract/places';

export type Side = 'left' | 'right';

/** Query keys of the experiment page. */
export const experimentKeys = {
  all: ['experiment'] as const,
  providers: () => [...experimentKeys.all, 'providers'] as const,
  // The side is part of the key so two columns on the same provider each make (and time) their
  // own request instead of sharing one answer.
  search: (side: Side, provider: PlaceProvider, terminal: TerminalId, query: string) =>
    [...experimentKeys.all, 'search', side, provider, terminal, query] as const,
};
