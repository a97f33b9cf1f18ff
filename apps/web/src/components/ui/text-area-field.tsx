import { useId, type ComponentProps } from 'react';

/** React 19 passes `ref` as a prop: it reaches the textarea with the rest. */
type Props = ComponentProps<'textarea'> & { label: string; error?: string };

/** The multi-line sibling of TextField: same label, border and message wiring. */
export function TextAreaField({ label, error, id, className = '', ...rest }: Props) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const messageId = `${fieldId}-message`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        className={`min-h-32 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100 disabled:text-slate-500 ${error ? 'border-red-500' : 'border-slate-300'}`}
        {...rest}
      />
      {error ? (
        <p id={messageId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
