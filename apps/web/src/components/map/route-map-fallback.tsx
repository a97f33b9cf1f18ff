import type { LatLng } from './decode-polyline';
import { describeRoute, isRouteEnd, type MapPoint } from './map-points';
import { projectIntoBox } from './sketch-projection';

const BOX = { width: 320, height: 180, padding: 16 };
// Faint graph-paper lines across the whole box (the SVG itself is letterboxed inside it).
const GRID = {
  backgroundImage:
    'linear-gradient(#e2e8f0 1px, transparent 1px), linear-gradient(90deg, #e2e8f0 1px, transparent 1px)',
  backgroundSize: '20px 20px',
};

type Props = { points: readonly MapPoint[]; path: readonly LatLng[] };

/**
 * What RouteMap shows when map tiles cannot load (the app often runs offline): the route in
 * words and an SVG sketch of its shape, so the card keeps its meaning without a map.
 */
export function RouteMapFallback({ points, path }: Props) {
  const project = projectIntoBox([...path, ...points], BOX);
  const line = path.map((point) => project(point).join(',')).join(' ');
  const markers = points
    .map((point, index) => {
      const [x, y] = project(point);
      return { point, x, y, index, isEnd: isRouteEnd(index, points.length) };
    })
    .sort((a, b) => Number(a.isEnd) - Number(b.isEnd));

  return (
    <div className="flex h-full flex-col bg-slate-50">
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        preserveAspectRatio="xMidYMid meet"
        aria-hidden="true"
        className="min-h-0 w-full flex-1"
        style={GRID}
      >
        {path.length > 1 ? (
          <polyline
            points={line}
            fill="none"
            stroke="#0369a1"
            strokeWidth={3}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ) : null}
        {/* Extra stops first, so the route's ends and their names are drawn on top. */}
        {markers.map(({ point, x, y, isEnd, index }) => (
          <circle
            key={`${point.label}-${index}`}
            cx={x}
            cy={y}
            r={isEnd ? 6 : 4}
            fill={index === 0 ? '#0c4a6e' : isEnd ? '#0284c7' : '#ffffff'}
            stroke={isEnd ? '#ffffff' : '#475569'}
            strokeWidth={2}
          >
            <title>{point.label}</title>
          </circle>
        ))}
        {markers
          .filter((marker) => marker.isEnd)
          .map(({ point, x, y, index }) => {
            // Names go on the side with more room, so they stay inside the box.
            const isLeftHalf = x < BOX.width / 2;
            return (
              <text
                key={`label-${index}`}
                x={isLeftHalf ? x + 10 : x - 10}
                y={y + 4}
                textAnchor={isLeftHalf ? 'start' : 'end'}
                fontSize={11}
                fontWeight={600}
                fill="#0f172a"
                stroke="#f8fafc"
                strokeWidth={3}
                paintOrder="stroke"
              >
                {shorten(point.label)}
              </text>
            );
          })}
      </svg>
      <div className="border-t border-slate-200 bg-white px-3 py-2">
        <p className="text-sm font-semibold break-words text-slate-900">{describeRoute(points)}</p>
        <p className="text-xs text-slate-500">Map tiles are unavailable, so this is a sketch.</p>
      </div>
    </div>
  );
}

/** Half the box holds about 24 characters; the full name is in the caption and the tooltip. */
const shorten = (label: string) => (label.length > 24 ? `${label.slice(0, 23)}…` : label);
