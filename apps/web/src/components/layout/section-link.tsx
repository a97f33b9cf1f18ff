import type { MouseEvent, ReactNode } from 'react';
import { useGoToSection } from './scroll-to-section';

type Props = { path: string; sectionId: string; className?: string; children: ReactNode };

/**
 * A real link to path#section (so it can be opened in a new tab) that, on a plain click,
 * scrolls smoothly with the section offset instead of jumping.
 */
export function SectionLink({ path, sectionId, className, children }: Props) {
  const goToSection = useGoToSection();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const isPlainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!isPlainClick) return;
    event.preventDefault();
    goToSection(path, sectionId);
  };
  return (
    <a href={`${path}#${sectionId}`} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
