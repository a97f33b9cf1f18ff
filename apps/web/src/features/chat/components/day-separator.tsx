/** 'Today', 'Yesterday' or 'Thu, 19 Nov 2026' between the messages of two days. */
export function DaySeparator({ label }: { label: string }) {
  return (
    <li className="flex items-center gap-3 py-3">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      <h2 className="rounded-full bg-white px-3 py-0.5 text-xs font-semibold text-slate-600 ring-1 ring-slate-200">
        {label}
      </h2>
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
    </li>
  );
}
