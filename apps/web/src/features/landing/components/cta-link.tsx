import type { ReactNode } from 'react';
import { AppLink } from '../../../components/navigation/navigation';

type Variant = 'primary' | 'secondary' | 'inverse';

const VARIANTS: Record<Variant, string> = {
  primary:
    'bg-brand-700 text-white shadow-lg shadow-brand-700/25 hover:bg-brand-800 focus-visible:outline-brand-700',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-50 focus-visible:outline-brand-700',
  inverse: 'bg-white text-brand-800 shadow-lg hover:bg-brand-50 focus-visible:outline-white',
};

/** A link that looks like a button: the landing page's calls to action navigate, they do not act. */
export function CtaLink({
  to,
  variant = 'primary',
  children,
}: {
  to: string;
  variant?: Variant;
  children: ReactNode;
}) {
  return (
    <AppLink
      to={to}
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-6 py-3 text-base font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 ${VARIANTS[variant]}`}
    >
      {children}
    </AppLink>
  );
}
