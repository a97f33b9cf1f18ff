import { Icon, type IconName } from './icons';
import { SectionHeading } from './section-heading';

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'route',
    title: 'Smart matching',
    text: 'See riders whose route and travel time overlap with yours, ranked by match percentage.',
  },
  {
    icon: 'plane',
    title: 'Drops and pickups',
    text: 'Going to the airport or coming home, from Terminal 1 or Terminal 2, at the time you choose.',
  },
  {
    icon: 'phone',
    title: 'Phone-number verification',
    text: 'Riders can verify their phone number, and every card shows whether each rider on it has.',
  },
  {
    icon: 'chat',
    title: 'Encrypted in-app chat',
    text: 'Agree on the pickup point and timing with your matched riders in the app; messages are stored encrypted.',
  },
  {
    icon: 'wallet',
    title: 'Split the fare your way',
    text: 'Pay the cab and split the fare in cash or any method you like. AeroPool charges nothing.',
  },
  {
    icon: 'star',
    title: 'Ratings after every ride',
    text: 'Rate your co-passengers after the trip, so reliable riders stand out for everyone.',
  },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to share the ride"
          intro="Built for one thing: getting you to or from Bengaluru airport for less, with people going your way."
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li
              key={feature.title}
              className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-linear-to-br from-brand-50 to-sky-100 text-brand-700 ring-1 ring-brand-100">
                <Icon name={feature.icon} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
