import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { SupportTicketForm } from './support-ticket-form';
import { answerEveryFetch } from '../../../lib/fake-fetch';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ default: toast }));

const TOO_MANY =
  'You have sent several support tickets recently. Please wait 12 minutes, or reply to our e-mail about an earlier ticket.';

const submitTicket = () => {
  fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: 'Fare split' } });
  fireEvent.change(screen.getByLabelText(/^Description/), {
    target: { value: 'The fare was split wrongly on my last trip.' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

it("shows a refusal's reason beside the form, the spec's toast unchanged", async () => {
  answerEveryFetch(429, TOO_MANY);
  render(<SupportTicketForm />);
  submitTicket();

  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to submit support ticket.'));
  expect(screen.getByRole('status').textContent).toBe(TOO_MANY);
});

it("keeps a server failure's details to the toast", async () => {
  answerEveryFetch(500, 'Internal Server Error');
  render(<SupportTicketForm />);
  submitTicket();

  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to submit support ticket.'));
  expect(screen.getByRole('status').textContent).toBe('');
});

it('passes on the server’s “busy, try again shortly”, which a rider can act on', async () => {
  const BUSY = 'The server is busy. Please try again in a moment.';
  answerEveryFetch(503, BUSY);
  render(<SupportTicketForm />);
  submitTicket();

  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to submit support ticket.'));
  expect(screen.getByRole('status').textContent).toBe(BUSY);
});

it('focuses the first field in error once its message is there to be read with it', async () => {
  render(<SupportTicketForm />);
  const subject = screen.getByLabelText(/^Subject/);
  const atFocus: (string | null)[] = [];
  subject.addEventListener('focus', () =>
    atFocus.push(subject.getAttribute('aria-invalid'), subject.getAttribute('aria-describedby')),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));

  await waitFor(() => expect(document.activeElement).toBe(subject));
  const [invalid, describedBy] = atFocus;
  expect(invalid).toBe('true');
  expect(document.getElementById(describedBy!)?.textContent).toBe('Subject is required');
});
