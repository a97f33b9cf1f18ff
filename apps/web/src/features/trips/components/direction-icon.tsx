type Props = { direction: 'drop' | 'pickup'; className?: string };

/**
 * A plane landing (from the airport) or taking off (to the airport) beside the mode's name; the
 * words carry the meaning, so the icon is hidden from screen readers.
 */
export function DirectionIcon({ direction, className = '' }: Props) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      className={`inline-block shrink-0 align-[-2px] ${direction === 'drop' ? 'rotate-[135deg]' : 'rotate-45'} ${className}`}
      fill="currentColor"
    >
      <path d="M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z" />
    </svg>
  );
}
