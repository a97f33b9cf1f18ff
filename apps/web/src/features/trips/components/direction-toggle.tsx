import { useRef, type KeyboardEvent } from 'react';
import type { Direction } from '../utils/ride-request-form';
import { directionLabel } from '@aeropool/contract/ride-rules';
import { DirectionIcon } from './direction-icon';

const DIRECTIONS: Direction[] = ['drop', 'pickup'];

type Props = { value: Direction; onChange: (value: Direction) => void; disabled?: boolean };

/** Two radio-like buttons (WAI-ARIA radio group): one tab stop, arrow keys switch. */
export function DirectionToggle({ value, onChange, disabled }: Props) {
  const refs = useRef<Partial<Record<Direction, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    const next = value === 'drop' ? 'pickup' : 'drop';
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label="Trip direction"
      onKeyDown={onKeyDown}
      className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
    >
      {DIRECTIONS.map((direction) => {
        const isChecked = direction === value;
        return (
          <button
            key={direction}
            ref={(element) => {
              refs.current[direction] = element;
            }}
            type="button"
            role="radio"
            aria-checked={isChecked}
            tabIndex={isChecked ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange(direction)}
            className={`min-h-11 rounded-lg px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60 ${
              isChecked
                ? 'bg-white text-brand-800 shadow-sm'
                : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            <span className="inline-flex items-center justify-center gap-1.5">
              <DirectionIcon direction={direction} />
              {directionLabel(direction)}
            </span>
          </button>
        );
      })}
    </div>
  );
}
