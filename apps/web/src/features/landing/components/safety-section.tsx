import { Icon, type IconName } from './icons';

const SAFEGUARDS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'phone',
    title: 'Phone-number verification',
    text: 'Riders can verify their phone number on their profile before they share a ride.',
  },
  {
    icon: 'lock',
    title: 'Encrypted in-app chat',
    text: 'Messages with your matches are stored encrypted, and only the riders in your match can open the chat.',
  },
  {
    icon: 'star',
    title: 'Ratings you can trust',
    text: 'Only co-passengers who shared a ride can rate each other.',
  },
];

const GUIDELINES = [
  'Meet at the official pickup areas of Terminal 1 or Terminal 2.',
  'Check your co-passenger’s name in the app before you get in.',
  'Share your trip details with someone you trust.',
  'Be on time, and message your match early if plans change.',
  'Treat every co-passenger with respect; report problems to support.',
  'In an emergency, call 112 first.',
];

export function SafetySection() {
  return (
    <section
      id="safety"
      aria-labelledby="safety-title"
      className="relative overflow-hidden bg-slate-950 py-20 text-white sm:py-28"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 left-1/2 h-96 w-[40rem] -translate-x-1/2 rounded-full bg-brand-600/30 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="text-sm font-semibold tracking-[0.16em] text-sky-300 uppercase">Safety</p>
          <h2 id="safety-title" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
            Travel with people you can trust
          </h2>
          <p className="mt-4 text-lg text-slate-300">
            Sharing a cab with a stranger should feel ordinary. These safeguards, and clear safety
            and community guidelines, are how we get there.
          </p>
          <ul className="mt-10 flex flex-col gap-6">
            {SAFEGUARDS.map((item) => (
              <li key={item.title} className="flex gap-4">
                <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white/10 text-sky-300 ring-1 ring-white/15">
                  <Icon name={item.icon} />
                </span>
                <div>
                  <h3 className="font-semibold">{item.title}</h3>
                  <p className="mt-1 text-slate-400">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-3xl border border-white/10 bg-white/5 p-6 shadow-2xl backdrop-blur sm:p-8">
          <div className="flex items-center gap-3">
            <span className="text-emerald-400">
              <Icon name="shield" size={28} />
            </span>
            <h3 className="text-xl font-semibold">Safety and community guidelines</h3>
          </div>
          <ul className="mt-6 flex flex-col gap-4">
            {GUIDELINES.map((guideline) => (
              <li key={guideline} className="flex gap-3 text-slate-300">
                <span className="mt-0.5 shrink-0 text-emerald-400">
                  <Icon name="check" size={20} />
                </span>
                {guideline}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
