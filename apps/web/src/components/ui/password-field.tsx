import { useState, type ComponentProps } from 'react';
import { TextField } from './text-field';

type Props = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'>;

/** A password input with a show/hide toggle (spec: change-password and reset forms). */
export function PasswordField({ label, ...rest }: Props) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      label={label}
      type={isVisible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setIsVisible((value) => !value)}
          aria-label={isVisible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={isVisible}
          className="rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
        >
          {isVisible ? 'Hide' : 'Show'}
        </button>
      }
      {...rest}
    />
  );
}
