import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { decodePolyline } from './decode-polyline';
import { isRouteEnd, type MapPoint } from './map-points';
import { RouteMapFallback } from './route-map-fallback';

const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const TILE_ATTRIBUTION = '© OpenStreetMap contributors';
/** Without a first tile by then the network is taken to be out of reach (often, here). */
const FIRST_TILE_TIMEOUT_MS = 4000;

// Once tiles failed, later maps on the page go straight to the sketch instead of each waiting
// for their own failure; a reload tries the network again.
let areTilesUnreachable = false;

type Props = {
  /**
   * Places to mark. The first and last are the route's ends (drawn larger and named in the text
   * fallback, 'Terminal 1 → Koramangala'); points between are extra stops.
   */
  points?: readonly MapPoint[];
  /** Place.encodedString: a precision-5 encoded polyline drawn as the route line. */
  encodedPath?: string;
  /** Sizes the box; the map needs a height. Default 'h-56 w-full'. */
  className?: string;
  /** The accessible name of the whole map, e.g. 'Route from Terminal 1 to Koramangala'. */
  ariaLabel: string;
};

/**
 * A small Leaflet map of one route and its places. It falls back to the route in words and an
 * SVG sketch when OpenStreetMap tiles do not load or Leaflet cannot start.
 */
export function RouteMap({
  points = [],
  encodedPath = '',
  className = 'h-56 w-full',
  ariaLabel,
}: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [isFallback, setIsFallback] = useState(areTilesUnreachable);
  const path = useMemo(() => decodePolyline(encodedPath), [encodedPath]);
  // Callers pass a fresh array each render; the effect should rerun only when the places change.
  const pointsKey = JSON.stringify(points);
  const hasContent = points.length > 0 || path.length > 0;

  useEffect(() => {
    const container = containerRef.current;
    if (!container || isFallback || !hasContent) return;
    const markers = JSON.parse(pointsKey) as MapPoint[];
    let isActive = true;
    let startedTiles = 0;
    let loadedTiles = 0;
    const giveUp = () => {
      areTilesUnreachable = true;
      if (isActive) setIsFallback(true);
    };

    let map: L.Map;
    try {
      map = L.map(container, { scrollWheelZoom: false, zoomControl: false, keyboard: false });
    } catch {
      setIsFallback(true);
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
  }, [pointsKey, path, isFallback, hasContent]);

  return (
    <div
      role="img"
      aria-label={ariaLabel}
      className={`relative isolate overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 ${className}`}
    >
      {isFallback || !hasContent ? (
        <RouteMapFallback points={points} path={path} />
      ) : (
        <div ref={containerRef} className="h-full w-full" />
      )}
    </div>
  );
}
