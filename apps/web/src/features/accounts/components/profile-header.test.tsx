import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ProfileHeader } from './profile-header';

afterEach(cleanup);

it('shows a name’s first emoji whole in the avatar, not half of it', () => {
  const { container } = render(
    <ProfileHeader
      user={{
        _id: 'rider-1',
        firstName: '😀Asha',
        lastName: 'Rao',
        email: 'asha@example.com',
        phone: null,
        phoneVerified: false,
        gender: null,
        isGoogleAuth: false,
        averageRating: 0,
        createdAt: '2030-01-01T00:00:00.000Z',
      }}
    />,
  );
  expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('😀R');
});
