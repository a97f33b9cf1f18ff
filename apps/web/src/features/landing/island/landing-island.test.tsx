import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../prerender/render-page';
import { LandingIsland } from './landing-island';

describe('the landing page entry (issue 7)', () => {
  it('renders exactly the markup the build pre-renders for /, so it hydrates without a mismatch', async () => {
    const prerendered = await renderPage('/');
    const island = renderToString(
      <LandingIsland openApp={() => undefined} prefetchApp={() => undefined} />,
    );
    const at = [...island].findIndex((char, i) => char !== prerendered.html[i]);
    // The first difference with some context, rather than two 60 KB strings.
    expect(
      at === -1 && island.length === prerendered.html.length
        ? null
        : island.slice(at - 80, at + 80),
    ).toBe(
      at === -1 && island.length === prerendered.html.length
        ? null
        : prerendered.html.slice(at - 80, at + 80),
    );
  });
});
