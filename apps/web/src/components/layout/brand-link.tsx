import { AppLink } from '../navigation/navigation';
import { PRODUCT_NAME } from '@aeropool/contract/product';

type Props = { onClick?: () => void; tone?: 'dark' | 'light' };

/** The logo and name; always leads home. */
export function BrandLink({ onClick, tone = 'dark' }: Props) {
  return (
    <AppLink
      to="/"
      onClick={onClick}
      className={`inline-flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500 ${tone === 'dark' ? 'text-slate-900' : 'text-white'}`}
    >
      <BrandMark />
      {PRODUCT_NAME}
    </AppLink>
  );
}

export function BrandMark() {
  // The gradient is CSS, not an SVG <defs> id, so several marks on one page cannot clash.
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-[10px] bg-linear-to-br from-brand-500 to-brand-800 shadow-sm shadow-brand-900/20"
    >
      <svg viewBox="10 18 44 30" width="22" height="15">
        <path d="M14 38l36-14-6 6 8 2-4 4-10-2-8 8h-5l4-9-9-1z" fill="#fff" />
      </svg>
    </span>
  );
}
