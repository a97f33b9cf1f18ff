type Props = {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
  tone?: 'light' | 'dark';
};

/** The eyebrow, h2 and intro every landing section opens with; id labels the section. */
export function SectionHeading({ id, eyebrow, title, intro, tone = 'light' }: Props) {
  const isDark = tone === 'dark';
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p
        className={`text-sm font-semibold uppercase tracking-[0.16em] ${isDark ? 'text-sky-300' : 'text-brand-700'}`}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={`mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${isDark ? 'text-white' : 'text-slate-900'}`}
      >
        {title}
      </h2>
      {intro ? (
        <p className={`mt-4 text-lg text-pretty ${isDark ? 'text-slate-300' : 'text-slate-600'}`}>
          {intro}
        </p>
      ) : null}
    </div>
  );
}
