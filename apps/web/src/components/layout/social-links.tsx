import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@aeropool/contract/product';

type SocialLink = { label: string; href: string; icon: ReactNode };

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

// Spec §2: the social links open in the same tab, so none of them sets a target.
const SOCIAL_LINKS: SocialLink[] = [
  {
    label: `${PRODUCT_NAME} on X (Twitter)`,
    href: 'https://x.com/',
    icon: <path {...stroke} d="M4 4l11.7 16H20L8.3 4zM4 20l6.8-7.4M20 4l-6.8 7.4" />,
  },
  {
    label: `${PRODUCT_NAME} on Facebook`,
    href: 'https://www.facebook.com/',
    icon: (
      <path {...stroke} d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    ),
  },
  {
    label: `${PRODUCT_NAME} on Instagram`,
    href: 'https://www.instagram.com/',
    icon: (
      <g {...stroke}>
        <rect x="2.5" y="2.5" width="19" height="19" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <path d="M17.5 6.5h.01" />
      </g>
    ),
  },
  {
    label: `${PRODUCT_NAME} on LinkedIn`,
    href: 'https://www.linkedin.com/',
    icon: (
      <g {...stroke}>
        <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
        <rect x="2" y="9" width="4" height="12" />
        <circle cx="4" cy="4" r="2" />
      </g>
    ),
  },
];

export function SocialLinks() {
  return (
    <ul className="flex gap-2">
      {SOCIAL_LINKS.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            aria-label={link.label}
            rel="noopener noreferrer"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/5 text-slate-300 ring-1 ring-white/10 transition hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              {link.icon}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
