/** Where a signed-in rider goes: the header on wide screens, the tab bar on phones (issue 9). */
export const APP_DESTINATIONS = [
  { to: '/dashboard', label: 'Trips', icon: 'M4 17h16M6 17l1.5-6h9L18 17M8 11l1-4h6l1 4' },
  { to: '/chats', label: 'Chats', icon: 'M5 5h14v10H9l-4 4V5z' },
  {
    to: '/profile',
    label: 'Profile',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c1.5-4 4.5-5 8-5s6.5 1 8 5',
  },
] as const;

export function DestinationIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none">
      <path
        d={path}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
