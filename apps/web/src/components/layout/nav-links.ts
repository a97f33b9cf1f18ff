/** The pages the navbar and the mobile menu both offer (spec §2, landing page). */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/dashboard', label: 'My Trips' },
  { to: '/profile', label: 'Profile' },
  { to: '/support', label: 'Support' },
] as const;
