/** Grey placeholders in the shape of the cards that are loading (issue 9), announced once. */
export function CardSkeletons({ count = 3, label }: { count?: number; label: string }) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className="animate-pulse rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <div className="flex items-center justify-between gap-4">
            <div className="h-4 w-2/5 rounded bg-slate-200" />
            <div className="h-5 w-16 rounded-full bg-slate-200" />
          </div>
          <div className="mt-4 h-3 w-3/5 rounded bg-slate-100" />
          <div className="mt-2 h-3 w-1/3 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

/** A conversation loading: bubbles on both sides. */
export function MessageSkeletons({ label }: { label: string }) {
  const widths = ['w-2/5', 'w-1/2', 'w-1/3', 'w-3/5'];
  return (
    <div role="status" className="flex w-full flex-col gap-3 p-4">
      <span className="sr-only">{label}</span>
      {widths.map((width, i) => (
        <div
          key={width}
          aria-hidden="true"
          className={`h-10 animate-pulse rounded-2xl ${width} ${i % 2 ? 'self-end bg-brand-100' : 'bg-slate-200'}`}
        />
      ))}
    </div>
  );
}
