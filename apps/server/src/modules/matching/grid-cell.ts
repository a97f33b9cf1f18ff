/**
 * The grid behind the candidate index (decision 010): 0.05° squares, about 5.5 km on a side at
 * Bengaluru's latitude. Must compute exactly what the `grid_cell` column's SQL computes
 * (floor(lat * 20) * 10000 + floor(lng * 20), in float8): both are IEEE doubles, so they agree.
 */
export const CELLS_PER_DEGREE = 20;

export const gridCellOf = (latitude: number, longitude: number): number =>
  Math.floor(latitude * CELLS_PER_DEGREE) * 10000 + Math.floor(longitude * CELLS_PER_DEGREE);

/** Every cell a latitude/longitude box touches: the cells a candidate search reads. */
export function gridCellsCovering(box: {
  latMin: number;
  latMax: number;
  lngMin: number;
  lngMax: number;
}): number[] {
  const cells: number[] = [];
  const [rowFrom, rowTo] = [box.latMin, box.latMax].map((v) => Math.floor(v * CELLS_PER_DEGREE));
  const [colFrom, colTo] = [box.lngMin, box.lngMax].map((v) => Math.floor(v * CELLS_PER_DEGREE));
  for (let row = rowFrom!; row <= rowTo!; row += 1) {
    for (let col = colFrom!; col <= colTo!; col += 1) cells.push(row * 10000 + col);
  }
  return cells;
}
