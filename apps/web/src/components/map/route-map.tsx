import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import { decodePolyline } from './decode-polyline';
import type { LeafletLayer as LoadedLayer } from './leaflet-layer';
import type { MapPoint } from './map-points';
import { RouteMapFallback } from './route-map-fallback';

type LayerProps = ComponentProps<typeof LoadedLayer>;

/** Leaflet's code did not arrive (offline, not cached yet): the map cannot start. */
function WithoutLeaflet({ onUnusable }: LayerProps) {
  useEffect(onUnusable, [onUnusable]);
  return null;
}

const LeafletLayer = lazy<ComponentType<LayerProps>>(() =>
  import('./leaflet-layer').then(
    (module) => ({ default: module.LeafletLayer }),
    () => ({ default: WithoutLeaflet }),
  ),
);

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
 * SVG sketch when OpenStreetMap tiles do not load or Leaflet cannot start or load.
 */
export function RouteMap({
  points = [],
  encodedPath = '',
  className = 'h-56 w-full',
  ariaLabel,
}: Props) {
  const [isFallback, setIsFallback] = useState(areTilesUnreachable);
  const path = useMemo(() => decodePolyline(encodedPath), [encodedPath]);
  // Callers pass a fresh array each render; the map is redrawn only when the places change.
  const pointsKey = JSON.stringify(points);
  const hasContent = points.length > 0 || path.length > 0;

  const markUnusable = useCallback(() => {
    areTilesUnreachable = true;
    setIsFallback(true);
  }, []);

  return (
    <div
      role="img"
      aria-label={ariaLabel}
      className={`relative isolate overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 ${className}`}
    >
      {isFallback || !hasContent ? (
        <RouteMapFallback points={points} path={path} />
      ) : (
        // The frame's grey box stands while Leaflet's code arrives.
        <Suspense fallback={null}>
          <LeafletLayer pointsKey={pointsKey} path={path} onUnusable={markUnusable} />
        </Suspense>
      )}
    </div>
  );
}
