import { PRODUCT_NAME } from '@aeropool/contract/product';
import { useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { pickAvatars } from '../pick-avatars';
import { TESTIMONIALS } from '../testimonials';
import { SectionHeading } from './section-heading';

const GENDERS = TESTIMONIALS.map((testimonial) => testimonial.gender);

/** The build's pre-render and the hydrating render show these, so the two markups agree. */
const PRERENDERED_AVATARS = pickAvatars(GENDERS, () => 0);

/**
 * Spec §1: a random avatar, picked per visit in the browser and kept while the page is open so
 * it does not change as the visitor scrolls. Not in the pre-rendered HTML: hydration keeps the
 * server's attributes, so a pick made there would greet every visit.
 */
function useRandomAvatars(): string[] {
  const [picked] = useState(() => pickAvatars(GENDERS, Math.random));
  return useHydrated() ? picked : PRERENDERED_AVATARS;
}

export function TestimonialsSection() {
  const avatars = useRandomAvatars();
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="border-t border-slate-200 bg-linear-to-b from-slate-50 to-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Riders who share the ride"
          // The spec asks for three testimonials; until riders have given theirs, the page says
          // these are examples rather than pass them off as real people.
          intro={`The kinds of trips ${PRODUCT_NAME} is made for. Names and stories are illustrative.`}
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((testimonial, index) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-3xl border border-slate-200 bg-white p-7 shadow-sm">
                <svg
                  viewBox="0 0 32 24"
                  width="32"
                  height="24"
                  aria-hidden="true"
                  className="text-brand-100"
                >
                  <path
                    fill="currentColor"
                    d="M0 24V14C0 6 4 1 12 0l1 4c-4 1-6 4-6 8h6v12zm18 0V14c0-8 4-13 12-14l1 4c-4 1-6 4-6 8h6v12z"
                  />
                </svg>
                <blockquote className="mt-5 flex-1 leading-7 text-slate-700">
                  <p>{testimonial.text}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
                  <img
                    src={avatars[index]}
                    alt=""
                    width="48"
                    height="48"
                    className="rounded-full"
                  />
                  <div>
                    <p className="font-semibold text-slate-900">{testimonial.name}</p>
                    <p className="text-sm text-slate-500">{testimonial.trip}</p>
                  </div>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
