import type { LatLng } from './decode-polyline';

export type SketchBox = { width: number; height: number; padding: number };

/**
 * Fits points into an SVG box, keeping proportions: longitude is shortened by cos(latitude) so
 * a kilometre east looks as long as a kilometre north (equirectangular, fine at city scale).
 * North is up. A single point, or identical ones, land in the middle.
 */
export function projectIntoBox(
  points: readonly LatLng[],
  { width, height, padding }: SketchBox,
): (point: LatLng) => [number, number] {
  if (points.length === 0) return () => [width / 2, height / 2];
  const meanLatitude = points.reduce((sum, point) => sum + point.latitude, 0) / points.length;
  const xScale = Math.cos((meanLatitude * Math.PI) / 180);
  const xs = points.map((point) => point.longitude * xScale);
  const ys = points.map((point) => point.latitude);
  const minX = Math.min(...xs);
  const maxY = Math.max(...ys);
  const spanX = Math.max(...xs) - minX;
  const spanY = maxY - Math.min(...ys);
  const scale = Math.min(
    spanX === 0 ? Infinity : (width - 2 * padding) / spanX,
    spanY === 0 ? Infinity : (height - 2 * padding) / spanY,
  );
  const safeScale = Number.isFinite(scale) ? scale : 0;
  const offsetX = (width - spanX * safeScale) / 2;
  const offsetY = (height - spanY * safeScale) / 2;
  const round = (value: number) => Math.round(value * 10) / 10;
  return (point) => [
    round(offsetX + (point.longitude * xScale - minX) * safeScale),
    round(offsetY + (maxY - point.latitude) * safeScale),
  ];
}
