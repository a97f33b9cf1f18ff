import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { LatLng } from './decode-polyline';
import { isRouteEnd, type MapPoint } from './map-points';

const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const TILE_ATTRIBUTION = '© OpenStreetMap contributors';
/** Without a first tile by then the network is taken to be out of reach (often, here). */
const FIRST_TILE_TIMEOUT_MS = 4000;

type Props = {
  /** JSON of the places to mark (RouteMap's `points`): the map is redrawn when they change. */
  pointsKey: string;
  path: readonly LatLng[];
  /** Called once tiles are out of reach or Leaflet cannot start; RouteMap shows its sketch. */
  onUnusable: () => void;
};

/**
 * RouteMap's Leaflet map: Leaflet and its styles are code of their own, loaded only where a map
 * is shown (issue 7).
 */
export function LeafletLayer({ pointsKey, path, onUnusable }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current!;
    const markers = JSON.parse(pointsKey) as MapPoint[];
    let isActive = true;
    let startedTiles = 0;
    let loadedTiles = 0;
    const giveUp = () => {
      if (isActive) onUnusable();
    };

    let map: L.Map;
    try {
      map = L.map(container, { scrollWheelZoom: false, zoomControl: false, keyboard: false });
    } catch {
      onUnusable();
      return;
    }
    // The container is role="img": no links or buttons inside it, so no prefix link either.
    map.attributionControl.setPrefix(false);
    const tiles = L.tileLayer(TILE_URL, { attribution: TILE_ATTRIBUTION, maxZoom: 19 });
    tiles.on('tileloadstart', () => (startedTiles += 1));
    tiles.on('tileload', () => (loadedTiles += 1));
    // A few failed tiles after others loaded is a patchy network, not an unusable map.
    tiles.on('tileerror', () => loadedTiles === 0 && giveUp());
    // A box with no size asks for no tiles; that is not a network failure.
    const timer = window.setTimeout(
      () => startedTiles > 0 && loadedTiles === 0 && giveUp(),
      FIRST_TILE_TIMEOUT_MS,
    );
    tiles.addTo(map);

    const line = path.map((p) => L.latLng(p.latitude, p.longitude));
    if (line.length > 1) {
      L.polyline(line, { color: '#0369a1', weight: 4, opacity: 0.85 }).addTo(map);
    }
    // Extra stops first, so the route's ends are drawn on top of a cluster of nearby results.
    const drawOrder = markers.map((point, index) => ({ point, index }));
    drawOrder.sort(
      (a, b) =>
        Number(isRouteEnd(a.index, markers.length)) - Number(isRouteEnd(b.index, markers.length)),
    );
    for (const { point, index } of drawOrder) {
      const isEnd = isRouteEnd(index, markers.length);
      L.circleMarker([point.latitude, point.longitude], {
        radius: isEnd ? 8 : 6,
        color: isEnd ? '#ffffff' : '#475569',
        weight: 2,
        fillColor: index === 0 ? '#0c4a6e' : isEnd ? '#0284c7' : '#ffffff',
        fillOpacity: 1,
      })
        .bindTooltip(point.label)
        .addTo(map);
    }
    const bounds = L.latLngBounds([
      ...line,
      ...markers.map((p) => L.latLng(p.latitude, p.longitude)),
    ]);
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 15 });

    return () => {
      isActive = false;
      window.clearTimeout(timer);
      map.remove();
    };
  }, [pointsKey, path, onUnusable]);

  return <div ref={containerRef} className="h-full w-full" />;
}
