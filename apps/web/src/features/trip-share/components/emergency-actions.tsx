import { Link } from 'react-router';

/** India's single emergency number, and the community guidelines, wherever riders meet. */
export function EmergencyActions({ className = '' }: { className?: string }) {
  return (
    <div className={`flex flex-wrap items-center gap-x-4 gap-y-2 text-sm ${className}`}>
      <a
        href="tel:112"
        className="inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-red-50 px-3 font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700"
      >
        <span aria-hidden="true">☎</span> Emergency: call 112
      </a>
      <Link
        to="/#safety"
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        Safety guidelines
      </Link>
    </div>
  );
}
