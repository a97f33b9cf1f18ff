import { act, cleanup, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, it } from 'vitest';
import { Modal } from '../components/ui/modal';
import { answerEveryFetch } from '../lib/fake-fetch';
import { PageFrame } from './page-frame';

afterEach(() => {
  cleanup();
  toast.remove();
});

it('announces a toast shown while a dialog makes the page inert', async () => {
  answerEveryFetch(202, 'Counted.');
  const root = document.body.appendChild(document.createElement('div'));
  root.id = 'root';
  render(
    <PageFrame pathname="/dashboard">
      <Modal isOpen title="New ride request" onClose={() => undefined}>
        <p>Form</p>
      </Modal>
    </PageFrame>,
    { container: root },
  );
  expect(root.hasAttribute('inert')).toBe(true);
  act(() => void toast.error('Please choose a time in the future.'));
  const status = await screen.findByText('Please choose a time in the future.');
  expect(status.closest('[inert]')).toBeNull();
  root.remove();
});
