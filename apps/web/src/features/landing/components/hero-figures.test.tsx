import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { figuresToShow, HeroFigures } from './hero-figures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('figuresToShow', () => {
  it('shows a figure only where the rides measured one', () => {
    expect(figuresToShow(null)).toEqual([]);
    expect(
      figuresToShow({ monthlyRiders: null, averageSaving: 482, matchConversion: null }),
    ).toEqual([{ value: '₹482', label: 'average saving' }]);
    expect(figuresToShow({ monthlyRiders: 200, averageSaving: null, matchConversion: 91 })).toEqual(
      [
        { value: '200+', label: 'monthly users' },
        { value: '91%', label: 'match conversion' },
      ],
    );
    expect(
      figuresToShow({ monthlyRiders: 30, averageSaving: null, matchConversion: null }),
    ).toEqual([{ value: '30+', label: 'monthly users' }]);
  });
});

describe('HeroFigures', () => {
  it("shows the server's figures once they come, and nothing before", async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { container } = render(<HeroFigures />);
    expect(container.querySelectorAll('dd')).toHaveLength(0);
    answer(
      new Response(
        JSON.stringify({
          statusCode: 200,
          message: 'OK',
          entities: [{ monthlyRiders: 100, averageSaving: 509, matchConversion: 88 }],
        }),
      ),
    );
    expect(await screen.findByText('₹509')).toBeTruthy();
    expect(screen.getByText('100+')).toBeTruthy();
    expect(screen.getByText('88%')).toBeTruthy();
    expect(screen.getByText('match conversion')).toBeTruthy();
  });

  it('claims nothing when the figures cannot be had', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(<HeroFigures />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(container.querySelectorAll('dd')).toHaveLength(0);
  });
});
