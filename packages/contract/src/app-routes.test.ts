import { describe, expect, it } from 'vitest';
import { isAppRoute } from './app-routes';

describe('isAppRoute', () => {
  it('knows the pages, with one segment per parameter and an optional trailing slash', () => {
    for (const path of ['/', '/login', '/login/', '/chat/abc-123', '/trip/t0k3n', '/tos'])
      expect(isAppRoute(path), path).toBe(true);
    for (const path of ['/trips', '/chat', '/chat/a/b', '/login/x', '/dashboardx', '/admin/users'])
      expect(isAppRoute(path), path).toBe(false);
  });
});
