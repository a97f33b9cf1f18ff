import { SectionHeading } from './section-heading';

const STEPS = [
  {
    title: 'Post a ride request',
    text: 'Choose an airport drop or pickup, your terminal, where you are in the city and when you travel.',
  },
  {
    title: 'Get matched',
    text: 'See riders going your way with a match percentage, then send or accept a match request.',
  },
  {
    title: 'Chat and meet',
    text: 'Agree on the pickup point and time in the in-app chat before you leave.',
  },
  {
    title: 'Ride and split',
    text: 'Share the cab, split the fare between yourselves and rate each other afterwards.',
  },
];

export function HowItWorksSection() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="border-y border-slate-200 bg-slate-50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="From request to shared ride in four steps"
        />
        <ol className="relative mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          <li
            aria-hidden="true"
            className="absolute top-7 right-[12%] left-[12%] hidden border-t-2 border-dashed border-brand-100 lg:block"
          />
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative flex flex-col items-start lg:items-center">
              <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-700 text-xl font-bold text-white shadow-lg shadow-brand-700/25 ring-8 ring-slate-50">
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 lg:text-center">
                {step.title}
              </h3>
              <p className="mt-2 leading-7 text-slate-600 lg:text-center">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
