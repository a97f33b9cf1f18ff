import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteMap } from './route-map';

// Terminal 1 to Koramangala, as the server's offline router encodes it (a straight line).
const points = [
  { latitude: 13.1991, longitude: 77.7105, label: 'Terminal 1' },
  { latitude: 12.9352, longitude: 77.6245, label: 'Koramangala' },
];
const encodedPath = 'k}poAsyhyMdt@jPdt@hPft@jPdt@jP';

afterEach(cleanup);

describe('RouteMap', () => {
  it('swaps the map for the route in words and a sketch when a tile fails to load', async () => {
    const { container } = render(
      <RouteMap points={points} encodedPath={encodedPath} ariaLabel="Route to Koramangala" />,
    );
    const map = screen.getByRole('img', { name: 'Route to Koramangala' });
    // Leaflet's code loads apart from the page's (issue 7): the box stands empty meanwhile.
    await waitFor(() => expect(map.querySelector('.leaflet-container')).not.toBeNull());
    expect(screen.queryByText('Terminal 1 → Koramangala')).toBeNull();

    const tile = container.querySelector('img.leaflet-tile');
    expect(tile).not.toBeNull();
    await act(async () => {
      fireEvent.error(tile!);
    });

    expect(screen.getByText('Terminal 1 → Koramangala')).toBeTruthy();
    expect(map.querySelector('.leaflet-container')).toBeNull();
    expect(map.querySelectorAll('svg circle')).toHaveLength(2);
    expect(map.querySelector('svg polyline')?.getAttribute('points')?.split(' ')).toHaveLength(5);

    // A later map skips the wait: it starts as a sketch once tiles are known to be unreachable.
    render(<RouteMap points={[...points].reverse()} ariaLabel="Route to the airport" />);
    const later = screen.getByRole('img', { name: 'Route to the airport' });
    expect(later.querySelector('.leaflet-container')).toBeNull();
    expect(screen.getByText('Koramangala → Terminal 1')).toBeTruthy();
  });
});
