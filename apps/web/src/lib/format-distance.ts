/** Spec §9: metres under 1000, otherwise kilometres with one decimal ('850 m', '3.4 km'). */
export function formatDistance(metres: number): string {
  const safe = Math.max(0, metres);
  const rounded = Math.round(safe);
  // 999.6 m rounds to 1000 m, which reads better as 1.0 km.
  if (rounded < 1000) return `${rounded} m`;
  return `${(safe / 1000).toFixed(1)} km`;
}
