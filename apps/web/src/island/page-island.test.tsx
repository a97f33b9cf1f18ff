import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS, renderAppMarkup, renderPage } from '../prerender/render-page';
import { ISLAND_PAGES } from './island-pages';

/** React's useId values follow the tree's shape, which differs between the island and the app. */
const withoutIds = (html: string) => html.replace(/_R_[0-9a-z]+_/g, '_R_id_');

describe('the public pages entry (issue 7)', () => {
  it('serves pre-rendered pages only', () => {
    expect(Object.keys(ISLAND_PAGES).filter((path) => !PRERENDERED_PATHS.includes(path))).toEqual(
      [],
    );
  });

  for (const pathname of Object.keys(ISLAND_PAGES)) {
    it(`pre-renders ${pathname} as the app renders it, so the app takes over without a change`, async () => {
      const island = withoutIds((await renderPage(pathname)).html);
      const app = withoutIds(await renderAppMarkup(pathname));
      const at = [...island].findIndex((char, i) => char !== app[i]);
      const same = at === -1 && island.length === app.length;
      // The first difference with some context, rather than two 60 KB strings.
      expect(same ? null : island.slice(at - 80, at + 80)).toBe(
        same ? null : app.slice(at - 80, at + 80),
      );
      expect(island).toContain('<footer');
    });
  }
});
