type Props = {
  /** Short names; the step's full title is the card's heading. */
  steps: readonly string[];
  /** 1-based. */
  current: number;
  label: string;
};

/** The visible progress of a multi-step flow (sign-up, password reset). */
export function StepIndicator({ steps, current, label }: Props) {
  return (
    <div className="mb-6">
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
        Step {current} of {steps.length}
      </p>
      <ol aria-label={label} className="mt-2 flex gap-2">
        {steps.map((name, index) => {
          const number = index + 1;
          const isDone = number < current;
          const isCurrent = number === current;
          return (
            <li
              key={name}
              aria-current={isCurrent ? 'step' : undefined}
              className="flex flex-1 flex-col gap-1.5"
            >
              <span
                aria-hidden="true"
                className={`h-1.5 rounded-full ${isDone || isCurrent ? 'bg-brand-600' : 'bg-slate-200'}`}
              />
              <span
                className={`text-xs ${isCurrent ? 'font-semibold text-slate-900' : 'text-slate-500'}`}
              >
                {isDone ? <span aria-hidden="true">✓ </span> : null}
                {name}
                {isDone ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
