import { PRODUCT_NAME } from '@aeropool/contract/product';
import { usePublicConfig } from '../../lib/public-config';
import { BrandLink } from './brand-link';
import { SectionLink } from './section-link';
import { SocialLinks } from './social-links';
import { AppLink } from '../navigation/navigation';

// Spec §2: quick links scroll the landing page; support links scroll the support page.
const QUICK_LINKS = [
  { sectionId: 'home', label: 'Home' },
  { sectionId: 'features', label: 'Features' },
  { sectionId: 'how-it-works', label: 'How It Works' },
  { sectionId: 'safety', label: 'Safety' },
  { sectionId: 'pricing', label: 'Pricing' },
  { sectionId: 'testimonials', label: 'Testimonials' },
];

const SUPPORT_LINKS = [
  { sectionId: 'faq', label: 'FAQ' },
  { sectionId: 'emergency-contact', label: 'Emergency Contact' },
  { sectionId: 'contact', label: 'Cancellation Policy' },
];

const linkClass =
  'rounded text-sm text-slate-400 transition hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
const headingClass = 'text-sm font-semibold tracking-wide text-white';

export function Footer() {
  const { supportEmail } = usePublicConfig();
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
        <div className="flex flex-col gap-5">
          <BrandLink tone="light" />
          <p className="max-w-xs text-sm leading-6 text-slate-400">
            Share your cab to or from Kempegowda International Airport, Bengaluru, with riders going
            your way, and split the fare.
          </p>
          <SocialLinks />
        </div>

        <nav aria-label="Quick links" className="flex flex-col gap-4">
          <h2 className={headingClass}>Quick Links</h2>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-1">
            {QUICK_LINKS.map((link) => (
              <li key={link.sectionId}>
                <SectionLink path="/" sectionId={link.sectionId} className={linkClass}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Support links" className="flex flex-col gap-4">
          <h2 className={headingClass}>Support</h2>
          <ul className="flex flex-col gap-3">
            {SUPPORT_LINKS.map((link) => (
              <li key={link.sectionId}>
                <SectionLink path="/support" sectionId={link.sectionId} className={linkClass}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex flex-col gap-4">
          <h2 className={headingClass}>Contact</h2>
          <p className="text-sm text-slate-400">24/7 customer support</p>
          <a href={`mailto:${supportEmail}`} className={`${linkClass} break-words text-slate-200`}>
            {supportEmail}
          </a>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}. Fares shown are estimates.
          </p>
          <nav aria-label="Legal">
            <ul className="flex gap-6">
              <li>
                <AppLink to="/privacy" className={linkClass}>
                  Privacy Policy
                </AppLink>
              </li>
              <li>
                <AppLink to="/tos" className={linkClass}>
                  Terms of Service
                </AppLink>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
