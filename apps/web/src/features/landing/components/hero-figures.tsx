import { useEffect, useState } from 'react';
import type { LandingFigures } from '@aeropool/contract/landing-figures';

type Figure = { value: string; label: string };

/** The spec's three claims, each shown only as the product's own rides measure it (decision 018). */
export function figuresToShow(figures: LandingFigures | null): Figure[] {
  if (!figures) return [];
  const shown: Figure[] = [];
  if (figures.monthlyRiders !== null)
    shown.push({ value: `${figures.monthlyRiders}+`, label: 'monthly users' });
  if (figures.averageSaving !== null)
    shown.push({ value: `₹${figures.averageSaving}`, label: 'average saving' });
  if (figures.matchConversion !== null)
    shown.push({ value: `${figures.matchConversion}%`, label: 'match conversion' });
  return shown;
}

/**
 * Measured on the server and fetched once the page is up: the pre-rendered page holds the room
 * for them (no layout shift) but no number, since a number baked in at build time is nobody's.
 */
export function HeroFigures() {
  const [figures, setFigures] = useState<LandingFigures | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/public/figures', { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { entities?: LandingFigures[] } | null) =>
        setFigures(body?.entities?.[0] ?? null),
      )
      // No figures is a page without them, not an error to show.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const shown = figuresToShow(figures);
  return (
    <dl
      className={`mt-12 grid min-h-28 max-w-lg grid-cols-3 gap-4 border-t pt-8 sm:min-h-24 ${
        shown.length > 0 ? 'border-slate-200' : 'border-transparent'
      }`}
    >
      {shown.map((figure) => (
        <div key={figure.label} className="flex flex-col gap-1">
          <dt className="text-sm text-slate-500">{figure.label}</dt>
          <dd className="order-first text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
