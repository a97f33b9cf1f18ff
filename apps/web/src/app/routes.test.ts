import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@aeropool/contract/app-routes';
import { routes } from './routes';

describe('the router', () => {
  it('has exactly the pages the server knows (anything else is a 404 with status 404)', () => {
    const paths = routes
      .flatMap((route) => route.children ?? [])
      .map((route) => route.path)
      .filter((path): path is string => !!path && path !== '*');
    expect([...paths].sort()).toEqual([...APP_ROUTES].sort());
  });
});
