export function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-400">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      or
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
