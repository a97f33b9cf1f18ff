import { useId } from 'react';
import { RATING_MAX, RATING_MIN } from '@aeropool/contract/limits';

/** Spec §5: emoji feedback for each star value. */
export const RATING_FEEDBACK: Record<number, string> = {
  1: '😞 Poor',
  2: '😕 Fair',
  3: '🙂 Good',
  4: '😀 Very good',
  5: '🤩 Excellent',
};

type Props = {
  /** Whose rating this is; names the group. */
  name: string;
  /** 0 until chosen (spec: every co-passenger starts at 0). */
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
};

/**
 * Stars as native radio buttons in a fieldset: Tab reaches the group, arrow keys choose, and
 * screen readers hear '4 stars, 4 of 5'. The star glyphs are only the look.
 */
export function StarRatingInput({ name, value, onChange, disabled }: Props) {
  const groupName = useId();
  const feedbackId = useId();
  const values = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

  return (
    <fieldset disabled={disabled} aria-describedby={feedbackId} className="flex flex-col gap-1">
      <legend className="text-sm font-semibold text-slate-900">{name}</legend>
      <div className="flex gap-1">
        {values.map((star) => (
          <label key={star} className="cursor-pointer">
            <input
              type="radio"
              name={groupName}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className={`flex h-11 w-11 items-center justify-center rounded-lg text-3xl leading-none transition peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 ${
                star <= value ? 'text-amber-500' : 'text-slate-300 hover:text-amber-300'
              }`}
            >
              ★
            </span>
          </label>
        ))}
      </div>
      <p id={feedbackId} aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {value ? RATING_FEEDBACK[value] : 'Not rated yet'}
      </p>
    </fieldset>
  );
}
