import type { ReactNode } from 'react';
import { PageShell } from '../../components/layout/page-shell';
import { AppLink } from '../../components/navigation/navigation';
import { usePublicConfig } from '../../lib/public-config';

type Props = { title: string; lastUpdated: string; intro: ReactNode; children: ReactNode };

/** The frame of /privacy and /tos: title, sections, how to reach support, and a way home. */
export function LegalDocument({ title, lastUpdated, intro, children }: Props) {
  const { supportEmail } = usePublicConfig();
  return (
    <PageShell>
      <main className="flex-1 bg-slate-50 px-4 py-12 sm:px-6 sm:py-16">
        <article className="mx-auto max-w-3xl rounded-3xl border border-slate-200 bg-white px-6 py-10 shadow-sm sm:px-12 sm:py-14">
          <AppLink
            to="/"
            className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <span aria-hidden="true">←</span> Return to Home
          </AppLink>
          <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h1>
          <p className="mt-2 text-sm text-slate-500">Last updated: {lastUpdated}</p>
          <div className="mt-6 text-lg leading-8 text-slate-700">{intro}</div>
          <div className="mt-10 flex flex-col gap-10">{children}</div>
          <section
            aria-labelledby="legal-contact-title"
            className="mt-12 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100"
          >
            <h2 id="legal-contact-title" className="text-lg font-semibold text-slate-900">
              Contact us
            </h2>
            <p className="mt-2 leading-7 text-slate-700">
              Support is reached by e-mail at{' '}
              <a
                href={`mailto:${supportEmail}`}
                className="font-semibold break-words text-brand-700 underline underline-offset-2 hover:text-brand-900"
              >
                {supportEmail}
              </a>
              . We answer questions about this document the same way.
            </p>
          </section>
        </article>
      </main>
    </PageShell>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 leading-7 text-slate-700">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="flex list-disc flex-col gap-2 pl-6 marker:text-brand-600">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
