import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { DeskCase } from '@aeropool/contract/moderation';
import { CaseCard } from './case-card';
import { clearSession, saveSession } from '../../../lib/session';

vi.mock('../../../lib/notify', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

/** The desk's reply endpoint: `status` answers each POST; reads answer nothing new. */
const deskAnswering = (status: number, message: string) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ statusCode: status, message, entities: [] }), { status }),
    ),
  );

const ticket = (status: DeskCase['status']): DeskCase => ({
  _id: 'ticket-1',
  kind: 'ticket',
  reference: 'AP-1001',
  status,
  createdAt: new Date(Date.UTC(2026, 10, 1)).toISOString(),
  label: 'General Inquiry',
  subject: 'Refund',
  description: 'Charged twice',
  from: {
    _id: 'rider-1',
    name: 'Asha Rao',
    email: 'asha@example.in',
    averageRating: 0,
    ratingCount: 0,
    reportCount: 0,
    reporterCount: 0,
    suspended: false,
    suspensionReason: null,
    recentMatches: [],
  },
  about: null,
  replies: [],
});

const client = new QueryClient();
const page = (entry: DeskCase) => (
  <QueryClientProvider client={client}>
    <main>
      <h1>Moderation desk</h1>
      <CaseCard entry={entry} />
    </main>
  </QueryClientProvider>
);

it('keeps focus on the case once it is resolved and its Resolve button goes', () => {
  const { rerender } = render(page(ticket('Open')));
  screen.getByRole('button', { name: 'Resolve AP-1001' }).focus();
  rerender(page(ticket('Resolved')));
  expect(screen.queryByRole('button', { name: 'Resolve AP-1001' })).toBeNull();
  const focused = document.activeElement as HTMLElement;
  expect(focused.tagName).toBe('H2');
  expect(focused.textContent).toContain('AP-1001');
});

it('offers no reply on a resolved ticket', () => {
  render(page(ticket('Resolved')));
  expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
  // Shown resolved from the start: nothing takes focus.
  expect(document.activeElement).toBe(document.body);
});

it('moves no focus when another operator resolves the case', () => {
  const { rerender } = render(page(ticket('Open')));
  rerender(page(ticket('Resolved')));
  expect(document.activeElement).toBe(document.body);
});

it('keeps focus in the reply box once a reply is sent (its Send button is off again)', async () => {
  deskAnswering(200, 'Reply sent.');
  render(page(ticket('Open')));
  const box = screen.getByLabelText('Reply to Asha Rao');
  fireEvent.change(box, { target: { value: 'We have refunded you.' } });
  const send = screen.getByRole('button', { name: 'Send reply' });
  send.focus();
  fireEvent.click(send);
  await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  expect(document.activeElement).toBe(box);
});

it('clears a refused reply’s message as the operator edits it', () => {
  render(page(ticket('Open')));
  const box = screen.getByLabelText('Reply to Asha Rao');
  fireEvent.submit(box.closest('form')!);
  expect(box.getAttribute('aria-invalid')).toBe('true');
  fireEvent.change(box, { target: { value: 'Fixed' } });
  expect(box.getAttribute('aria-invalid')).toBeNull();
});

it('offers no reply or resolution on a case about the operator viewing it, and says why', () => {
  saveSession({ userId: 'rider-1', userEmail: 'asha@example.in', token: 'token-test' });
  render(page(ticket('Open')));
  expect(screen.getByText('This case is about you: another operator resolves it.')).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: /Reply to/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Resolve AP-1001' })).toBeNull();

  cleanup();
  saveSession({ userId: 'operator-2', userEmail: 'op@example.in', token: 'token-test' });
  render(page(ticket('Open')));
  expect(screen.queryByText(/This case is about you/)).toBeNull();
  expect(screen.getByRole('textbox', { name: 'Reply to Asha Rao' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Resolve AP-1001' })).toBeTruthy();
});

it('offers no suspension of either rider on a report about the operator viewing it', () => {
  const report: DeskCase = {
    ...ticket('Open'),
    kind: 'report',
    reference: 'RP-7',
    about: { ...ticket('Open').from, _id: 'operator-1', name: 'Omkar Das' },
  };
  saveSession({ userId: 'operator-1', userEmail: 'omkar@example.in', token: 'token-test' });
  render(page(report));
  expect(screen.queryByRole('button', { name: /^Suspend/ })).toBeNull();

  cleanup();
  saveSession({ userId: 'operator-2', userEmail: 'op@example.in', token: 'token-test' });
  render(page(report));
  expect(screen.getByRole('button', { name: 'Suspend Asha Rao' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Suspend Omkar Das' })).toBeTruthy();
});
