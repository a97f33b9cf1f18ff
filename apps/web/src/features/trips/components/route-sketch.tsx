import type { Place } from '@aeropool/contract/places';
import { decodePolyline, type LatLng } from '../utils/decode-polyline';

const WIDTH = 240;
const HEIGHT = 140;
const PADDING = 14;

export type RouteStop = { place: Place; label: string; isMine: boolean };

type Props = {
  terminal: Place;
  terminalName: string;
  /** Every rider's city end; each Place.encodedString is its road route to or from the terminal. */
  stops: RouteStop[];
  /** 'Terminal 1 → Koramangala': the route in words, also the sketch's accessible name. */
  routeText: string;
};

/**
 * A small inline SVG of the shared route, standing in for a map until Leaflet is added; the
 * props are what a map would need, so a map can replace this one component.
 */
export function RouteSketch({ terminal, terminalName, stops, routeText }: Props) {
  // The rider's own route last, so it is drawn on top of co-riders' near-identical ones.
  const ordered = [...stops].sort((a, b) => Number(a.isMine) - Number(b.isMine));
  const paths = ordered.map((stop) => {
    const decoded = stop.place.encodedString ? decodePolyline(stop.place.encodedString) : [];
    // No stored route: a straight line, drawn dashed so it does not pass for a road.
    return {
      stop,
      points: decoded.length > 1 ? decoded : [terminal, stop.place],
      isRoad: decoded.length > 1,
    };
  });
  const project = makeProjection([terminal, ...paths.flatMap((path) => path.points)]);
  const terminalPoint = project(terminal);

  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={`Route sketch: ${routeText}`}
        className="h-auto w-full max-w-60 rounded-xl bg-brand-50 ring-1 ring-brand-100"
      >
        {paths.map(({ stop, points, isRoad }, index) => (
          <polyline
            key={`path-${index}`}
            points={points.map((point) => project(point).join(',')).join(' ')}
            fill="none"
            stroke={stop.isMine ? '#0369a1' : '#64748b'}
            strokeWidth={stop.isMine ? 3 : 2}
            strokeLinecap="round"
            strokeLinejoin="round"
            strokeDasharray={isRoad ? undefined : '5 4'}
          />
        ))}
        {paths.map(({ stop }, index) => {
          const [x, y] = project(stop.place);
          return (
            <circle
              key={`stop-${index}`}
              cx={x}
              cy={y}
              r={5}
              fill={stop.isMine ? '#0369a1' : '#ffffff'}
              stroke={stop.isMine ? '#ffffff' : '#475569'}
              strokeWidth={2}
            >
              <title>{stop.label}</title>
            </circle>
          );
        })}
        <g transform={`translate(${terminalPoint[0]} ${terminalPoint[1]})`}>
          <rect x={-8} y={-8} width={16} height={16} rx={4} fill="#0c4a6e" />
          <text y={4} textAnchor="middle" fontSize={10} fontWeight={700} fill="#ffffff">
            ✈
          </text>
          <title>{terminalName}</title>
        </g>
      </svg>
      <figcaption className="flex flex-col gap-0.5">
        <span className="text-sm font-semibold break-words text-slate-900">{routeText}</span>
        {/* The legend repeats what the sketch's name says; screen readers skip it. */}
        <span aria-hidden="true" className="text-xs text-slate-500">
          <span className="text-brand-700">●</span> You
          {stops.length > 1 ? ' · ○ Co-riders' : null} · ✈ {terminalName}
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * Fits the points into the box, keeping proportions: longitude is shortened by cos(latitude)
 * so a kilometre east looks as long as a kilometre north (an equirectangular sketch).
 */
function makeProjection(points: LatLng[]): (point: LatLng) => [number, number] {
  const meanLatitude = points.reduce((sum, point) => sum + point.latitude, 0) / points.length;
  const xScale = Math.cos((meanLatitude * Math.PI) / 180);
  const xs = points.map((point) => point.longitude * xScale);
  const ys = points.map((point) => point.latitude);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale =
    spanX === 0 && spanY === 0
      ? 0
      : Math.min(
          spanX === 0 ? Infinity : (WIDTH - 2 * PADDING) / spanX,
          spanY === 0 ? Infinity : (HEIGHT - 2 * PADDING) / spanY,
        );
  const offsetX = (WIDTH - spanX * scale) / 2;
  const offsetY = (HEIGHT - spanY * scale) / 2;
  const round = (value: number) => Math.round(value * 10) / 10;
  return (point) => [
    round(offsetX + (point.longitude * xScale - minX) * scale),
    // North is up: larger latitudes get smaller y.
    round(offsetY + (maxY - point.latitude) * scale),
  ];
}
