import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { RiderAvatar } from './rider-trust';

afterEach(cleanup);

it('shows a co-rider’s first emoji or flag whole on their card, not half of it', () => {
  const { container } = render(<RiderAvatar rider={{ firstName: '🇮🇳Asha', lastName: '😀Rao' }} />);
  expect(container.textContent).toBe('🇮🇳😀');
});
