import { useId, type ReactNode } from 'react';

type Props = {
  title: string;
  /** Buttons at the card's top right, e.g. Edit Profile. */
  actions?: ReactNode;
  children: ReactNode;
};

/** One titled section of the profile page. */
export function ProfileCard({ title, actions, children }: Props) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
