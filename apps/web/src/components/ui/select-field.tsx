import { useId, type SelectHTMLAttributes } from 'react';

type Option = string | { value: string; label: string };

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  /** A string is both the value and the text shown. */
  options: readonly Option[];
};

const valueOf = (option: Option) => (typeof option === 'string' ? option : option.value);
const labelOf = (option: Option) => (typeof option === 'string' ? option : option.label);

/** A labelled native select, styled like TextField; native keeps keyboard and mobile pickers. */
export function SelectField({ label, options, id, className = '', ...rest }: Props) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <select
          id={fieldId}
          className="min-h-11 w-full appearance-none rounded-lg border border-slate-300 bg-white py-2 pr-10 pl-3 text-base text-slate-900 shadow-sm outline-none transition focus:border-brand-600 focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100 disabled:text-slate-500"
          {...rest}
        >
          {options.map((option) => (
            <option key={valueOf(option)} value={valueOf(option)}>
              {labelOf(option)}
            </option>
          ))}
        </select>
        <svg
          viewBox="0 0 20 20"
          width="20"
          height="20"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-500"
        >
          <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </div>
    </div>
  );
}
