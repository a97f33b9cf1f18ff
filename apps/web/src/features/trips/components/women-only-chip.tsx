/** Marks a women-only ride request on cards. */
export function WomenOnlyChip() {
  return (
    <span className="rounded-full bg-fuchsia-50 px-2 py-0.5 text-xs font-semibold text-fuchsia-800 ring-1 ring-fuchsia-200">
      Women only
    </span>
  );
}
