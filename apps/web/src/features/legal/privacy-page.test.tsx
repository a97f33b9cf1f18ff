import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageIsland } from '../../island/page-island';
import { PrivacyPage } from './privacy-page';

beforeEach(() => {
  // The footer's public config never arrives; its defaults stand.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The items of the page's "Services we rely on" list, and the section's whole text. */
function servicesSection() {
  render(
    <PageIsland
      pathname="/privacy"
      Page={PrivacyPage}
      openApp={() => undefined}
      prefetchApp={() => undefined}
    />,
  );
  const section = screen.getByRole('heading', { name: 'Services we rely on' }).closest('section')!;
  const items = [...section.querySelectorAll('li')].map((item) => item.textContent!);
  const itemNaming = (name: string) => items.find((item) => item.includes(name)) ?? '';
  return { itemNaming, text: section.textContent! };
}

describe('PrivacyPage', () => {
  it('names every third party that receives riders’ data, and what each receives', () => {
    const { itemNaming, text } = servicesSection();
    // Map tiles on match cards and /experiment (components/map/leaflet-layer.tsx).
    expect(itemNaming('tile.openstreetmap.org')).toMatch(/OpenStreetMap.*IP address.*map/);
    // Phone verification codes (the server's SMS adapters).
    expect(itemNaming('Twilio')).toMatch(/MSG91.*receives the number and the one-time code/);
    // Web Push passes through the browser vendor's push service.
    expect(itemNaming('push service')).toMatch(/browser's maker/);
    expect(itemNaming('geocoding')).toMatch(/the text you type/);
    expect(itemNaming('Google sign-in')).toMatch(/IP address/);
    expect(text).toContain(
      'We share nothing else with third parties unless Indian law requires it.',
    );
  });
});
