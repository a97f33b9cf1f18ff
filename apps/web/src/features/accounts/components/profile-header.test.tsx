import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ProfileHeader } from './profile-header';
import { testRider } from '../test-rider';

afterEach(cleanup);

it('shows a name’s first emoji whole in the avatar, not half of it', () => {
  const { container } = render(<ProfileHeader user={testRider({ firstName: '😀Asha' })} />);
  expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('😀R');
});
