import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { RouteMap } from './route-map';

// As when the app is offline before the map's code was ever fetched.
vi.mock('./leaflet-layer', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(cleanup);

it('shows the route in words and a sketch when Leaflet’s code cannot load', async () => {
  render(
    <RouteMap
      points={[
        { latitude: 13.1991, longitude: 77.7105, label: 'Terminal 1' },
        { latitude: 12.9352, longitude: 77.6245, label: 'Koramangala' },
      ]}
      ariaLabel="Route to Koramangala"
    />,
  );
  expect(await screen.findByText('Terminal 1 → Koramangala')).toBeTruthy();
  const map = screen.getByRole('img', { name: 'Route to Koramangala' });
  expect(map.querySelectorAll('svg circle')).toHaveLength(2);
});
