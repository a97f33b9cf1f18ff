import { CtaLink } from './cta-link';

export function GetStartedSection() {
  return (
    <section aria-labelledby="get-started-title" className="px-4 pb-20 sm:px-6 sm:pb-28">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-[2rem] bg-linear-to-br from-brand-600 via-brand-800 to-indigo-900 px-6 py-14 text-center shadow-2xl shadow-brand-900/20 sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 h-72 w-72 rounded-full bg-white/10 blur-2xl"
        />
        <h2
          id="get-started-title"
          className="relative text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          Your next airport ride could cost half as much
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-brand-100">
          Post your ride request in under a minute and see who is travelling your way.
        </p>
        <div className="relative mt-8 flex justify-center">
          <CtaLink to="/dashboard" variant="inverse">
            Get Started Now
          </CtaLink>
        </div>
      </div>
    </section>
  );
}
