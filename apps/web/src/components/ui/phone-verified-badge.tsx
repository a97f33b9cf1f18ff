/** The trust signal a verified phone earns, on the profile and on other riders' cards. */
export function PhoneVerifiedBadge() {
  return (
    <span className="inline-flex w-fit items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5 fill-current">
        <path d="M8.3 13.7 4.6 10l1.4-1.4 2.3 2.3 5.7-5.7 1.4 1.4z" />
      </svg>
      Phone verified
    </span>
  );
}
