import { describe, expect, it } from 'vitest';
import { supportConfirmationMail, supportTeamMail } from './support-mails';

const ticket = {
  _id: 't1',
  ticketNumber: 'TKT-1001',
  subject: 'Lost bag',
  category: 'General Inquiry',
  description: 'I left a bag in the cab.',
  userId: 'u1',
  createdAt: '2026-11-28T05:00:00.000Z',
} as const;

describe('the ticket confirmation mail', () => {
  it('says in both its parts how to add more, and in which time zone the hours are', () => {
    const mail = supportConfirmationMail(
      ticket,
      { name: 'Asha', email: 'asha@example.com' },
      'help@example.com',
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(
        'Reply to this e-mail with the ticket number if you have more to add.',
      );
      expect(part).toContain('India Standard Time');
    }
    expect(mail.replyTo).toBe('help@example.com');
  });
});

describe('the support team’s mail of a ticket', () => {
  it('cannot be made to show another address as the rider’s, whatever their name says', () => {
    const mail = supportTeamMail('help@example.com', ticket, {
      name: 'Asha <victim@example.org> x',
      email: 'asha@example.com',
    });
    for (const part of [mail.text, mail.html])
      expect(part).toContain('Account e-mail: asha@example.com');
    expect(mail.text).toContain('From: “Asha <victim@example.org> x”');
    expect(mail.text).not.toContain('<asha@example.com>');
    // The display name a mail client shows in place of the address holds no address.
    expect(mail.replyTo).toBe('"Asha victimexample.org x" <asha@example.com>');
    const lookAlike = supportTeamMail('help@example.com', ticket, {
      name: 'Asha ＜victim＠example.org﹥',
      email: 'asha@example.com',
    });
    expect(lookAlike.replyTo).toBe('"Asha victimexample.org" <asha@example.com>');
  });
});
