import { Icon } from './icons';

/**
 * A drawn example of a match, not live data, so it is hidden from screen readers; the hero text
 * beside it says the same thing in words.
 */
export function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none lg:max-w-none">
      <div className="absolute inset-4 -z-10 rotate-3 rounded-[2rem] bg-linear-to-br from-brand-500 to-indigo-500 opacity-20" />
      <div className="rounded-[2rem] border border-slate-200/80 bg-white/90 p-5 shadow-2xl shadow-slate-900/10 backdrop-blur sm:p-6">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold text-slate-900">Your ride request</p>
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700">
            To the airport (drop at T2)
          </span>
        </div>
        <ol className="mt-4 flex flex-col gap-3 rounded-2xl bg-slate-50 p-4 text-sm">
          <li className="flex items-center gap-3">
            <span className="h-2.5 w-2.5 rounded-full bg-brand-600 ring-4 ring-brand-100" />
            <span className="font-medium text-slate-800">Indiranagar</span>
            <span className="ml-auto text-slate-500">6:40 PM</span>
          </li>
          <li className="ml-[4px] h-4 border-l-2 border-dashed border-slate-300" />
          <li className="flex items-center gap-3">
            <span className="text-brand-700">
              <Icon name="plane" size={16} />
            </span>
            <span className="font-medium text-slate-800">Terminal 2</span>
            <span className="ml-auto text-slate-500">KIA</span>
          </li>
        </ol>

        <p className="mt-5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Match found
        </p>
        <div className="mt-2 flex items-center gap-3 rounded-2xl border border-emerald-200 bg-emerald-50/60 p-3">
          <img src="/avatars/female-2.svg" alt="" width="44" height="44" className="rounded-full" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-slate-900">Ananya R.</p>
            <p className="text-xs text-slate-600">Domlur · 1.2 km from you</p>
          </div>
          <span className="rounded-full bg-emerald-700 px-2.5 py-1 text-xs font-bold text-white">
            92% match
          </span>
        </div>

        <div className="mt-5 grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-2xl bg-slate-50 p-3">
            <p className="text-slate-500">Solo cab</p>
            <p className="mt-1 font-semibold text-slate-500 line-through">~₹1000</p>
          </div>
          <div className="rounded-2xl bg-brand-700 p-3 text-white">
            <p className="text-brand-100">You pay</p>
            <p className="mt-1 text-lg font-bold">~₹500</p>
          </div>
        </div>
      </div>

      <div className="absolute -bottom-5 -left-2 flex items-center gap-2 rounded-2xl border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-700 shadow-lg sm:-left-6">
        <span className="text-emerald-600">
          <Icon name="lock" size={18} />
        </span>
        Chat stored encrypted
      </div>
    </div>
  );
}
