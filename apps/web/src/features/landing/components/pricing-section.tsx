import { Icon } from './icons';
import { SectionHeading } from './section-heading';

type FareOption = {
  name: string;
  price: string;
  unit: string;
  points: { text: string; isDownside?: boolean }[];
  isBestValue?: boolean;
};

// Spec §1, the pricing comparison: three options, all estimates.
const FARE_OPTIONS: FareOption[] = [
  {
    name: 'Solo cab',
    price: '₹1000',
    unit: 'per ride',
    points: [{ text: 'Door-step drop-off' }, { text: 'You pay the whole fare', isDownside: true }],
  },
  {
    name: 'Shared ride for 2',
    price: '₹500',
    unit: 'per person',
    isBestValue: true,
    points: [
      { text: 'saves up to 50%' },
      { text: 'Door-step drop-off' },
      { text: 'Fare split directly with your co-passenger' },
    ],
  },
  {
    name: 'Airport express bus',
    price: '₹350',
    unit: 'per person',
    points: [
      { text: 'no door-step drop-off', isDownside: true },
      { text: 'no guaranteed seat', isDownside: true },
    ],
  },
];

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Pay about half of a solo cab"
          intro="AeroPool itself is free. You only share the cab fare: two riders pay about half each, and three riders in one cab pay less still."
        />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3 lg:items-center">
          {FARE_OPTIONS.map((option) => (
            <li
              key={option.name}
              className={`relative rounded-3xl p-7 ${
                option.isBestValue
                  ? 'bg-linear-to-b from-brand-700 to-brand-900 text-white shadow-2xl shadow-brand-900/30 lg:py-10'
                  : 'border border-slate-200 bg-white shadow-sm'
              }`}
            >
              {option.isBestValue ? (
                <span className="absolute -top-3.5 left-7 rounded-full bg-amber-400 px-3 py-1 text-xs font-bold tracking-wider text-amber-950 shadow">
                  BEST VALUE
                </span>
              ) : null}
              <h3
                className={`text-lg font-semibold ${option.isBestValue ? 'text-white' : 'text-slate-900'}`}
              >
                {option.name}
              </h3>
              <p className="mt-4 flex items-baseline gap-2">
                <span className={option.isBestValue ? 'text-brand-100' : 'text-slate-500'}>
                  about
                </span>
                <span className="text-4xl font-extrabold tracking-tight">{option.price}</span>
                <span className={option.isBestValue ? 'text-brand-100' : 'text-slate-500'}>
                  {option.unit}
                </span>
              </p>
              <ul className="mt-6 flex flex-col gap-3">
                {option.points.map((point) => (
                  <li key={point.text} className="flex items-start gap-3">
                    <FarePointMark isDownside={point.isDownside} onDark={option.isBestValue} />
                    <span className={option.isBestValue ? 'text-brand-50' : 'text-slate-600'}>
                      {point.text}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-10 max-w-2xl text-center text-sm text-slate-500">
          Fares are estimates for a typical city trip to Kempegowda airport. The actual fare depends
          on distance, time of day and the cab you book.
        </p>
      </div>
    </section>
  );
}

function FarePointMark({ isDownside, onDark }: { isDownside?: boolean; onDark?: boolean }) {
  if (isDownside) {
    return (
      <span aria-hidden="true" className="mt-0.5 shrink-0 font-bold text-rose-500">
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        >
          <path d="M7 7l10 10M17 7L7 17" />
        </svg>
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`mt-0.5 shrink-0 ${onDark ? 'text-amber-300' : 'text-emerald-600'}`}
    >
      <Icon name="check" size={20} />
    </span>
  );
}
