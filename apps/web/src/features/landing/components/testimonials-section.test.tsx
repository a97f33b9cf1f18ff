import { cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickAvatars } from '../pick-avatars';
import { TESTIMONIALS } from '../testimonials';
import { TestimonialsSection } from './testimonials-section';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const GENDERS = TESTIMONIALS.map((testimonial) => testimonial.gender);
/** Two visits whose random draws pick different avatars for every testimonial. */
const VISITS = [0.999, 0.3];

const avatarsIn = (container: HTMLElement) =>
  [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('TestimonialsSection', () => {
  it('pre-renders the same avatars whatever the random draw, so hydration matches', () => {
    const markups = VISITS.map((value) => {
      vi.spyOn(Math, 'random').mockReturnValue(value);
      return renderToString(<TestimonialsSection />);
    });
    expect(markups[1]).toBe(markups[0]);
  });

  for (const value of VISITS) {
    it(`shows this visit's random avatars once the pre-rendered page hydrates (draw ${value})`, () => {
      const container = document.body.appendChild(document.createElement('div'));
      container.innerHTML = renderToString(<TestimonialsSection />);
      const consoleError = vi.spyOn(console, 'error');
      vi.spyOn(Math, 'random').mockReturnValue(value);
      render(<TestimonialsSection />, { container, hydrate: true });
      expect(avatarsIn(container)).toEqual(pickAvatars(GENDERS, () => value));
      // A mismatch between the pre-render and the hydrating render is reported here.
      expect(consoleError).not.toHaveBeenCalled();
    });

    it(`picks the avatars when the app renders the page itself (draw ${value})`, () => {
      vi.spyOn(Math, 'random').mockReturnValue(value);
      const { container } = render(<TestimonialsSection />);
      expect(avatarsIn(container)).toEqual(pickAvatars(GENDERS, () => value));
    });
  }
});
