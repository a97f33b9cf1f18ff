import { SectionLink } from '../../../components/layout/section-link';
import { CtaLink } from './cta-link';
import { HeroFigures } from './hero-figures';
import { HeroIllustration } from './hero-illustration';

export function HeroSection() {
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="relative overflow-hidden bg-linear-to-b from-brand-50 via-white to-white"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-32 h-[28rem] w-[28rem] rounded-full bg-sky-200/50 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-64 -left-40 h-80 w-80 rounded-full bg-indigo-100/60 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-4 pt-12 pb-20 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white/80 px-3 py-1 text-sm font-medium text-brand-800 shadow-sm">
            <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" />
            Kempegowda International Airport, Bengaluru
          </p>
          <h1
            id="home-title"
            className="mt-6 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
          >
            Share your airport cab.{' '}
            <span className="bg-linear-to-r from-brand-600 to-indigo-600 bg-clip-text text-transparent">
              Split the fare.
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-slate-600">
            AeroPool matches you with travellers going to or from the airport at the same time and
            in the same direction, so you pay about half of a solo cab. Both terminals, drops and
            pickups.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <CtaLink to="/dashboard">Share Your Ride</CtaLink>
            <SectionLink
              path="/"
              sectionId="how-it-works"
              className="inline-flex min-h-12 items-center justify-center rounded-xl px-6 py-3 text-base font-semibold text-slate-700 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              See how it works
            </SectionLink>
          </div>
          <HeroFigures />
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
