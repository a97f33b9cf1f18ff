type Props = { sharedCount: number; isReady: boolean };

/** The overlap in one sentence, announced when both answers are in. */
export function SharedSummary({ sharedCount, isReady }: Props) {
  return (
    <p role="status" className="text-sm text-slate-700">
      {!isReady
        ? 'Comparing…'
        : sharedCount === 0
          ? 'No place appears on both sides.'
          : `${sharedCount} ${sharedCount === 1 ? 'place appears' : 'places appear'} on both sides (highlighted in green).`}
    </p>
  );
}
