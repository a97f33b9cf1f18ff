import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@aeropool.test' });
});
afterAll(() => t.close());

const submit = (payload: object, token?: string) =>
  t.request({ method: 'POST', url: '/api/support', payload, token });

describe('POST /api/support', () => {
  it('needs sign-in', async () => {
    expect((await submit({ subject: 'Hi', description: 'There' })).statusCode).toBe(401);
  });

  it('stores the ticket for the token user, mails support (reply-to the rider) and confirms to the rider', async () => {
    const rider = await t.signUp({ firstName: 'Neha', lastName: 'Shah' });
    const res = await submit(
      {
        subject: 'Driver overcharged',
        category: 'Technical Support',
        description: 'Asked for <b>more</b>',
        userId: 'someone-else',
      },
      rider.token,
    );
    expect(res.statusCode).toBe(201);
    const ticket = res.json().entities[0];
    expect(ticket).toMatchObject({
      userId: rider.id,
      category: 'Technical Support',
      ticketNumber: expect.stringMatching(/^AP-\d+$/),
    });

    const toSupport = await t.mail.waitFor('help@aeropool.test');
    expect(toSupport.subject).toContain(ticket.ticketNumber);
    expect(toSupport.raw).toContain(`Reply-To: Neha Shah <${rider.email}>`);
    expect(toSupport.raw).toContain('&lt;b&gt;more&lt;/b&gt;');
    const confirmation = await t.mail.waitFor(rider.email, (m) =>
      m.subject.includes(ticket.ticketNumber),
    );
    expect(confirmation.subject).toContain('AeroPool');
    // It asks the rider to reply; the answer must reach the desk, not no-reply.
    expect(confirmation.raw).toContain('Reply-To: help@aeropool.test');
  });

  it('defaults the category to Payment Issues', async () => {
    const rider = await t.signUp();
    const res = await submit(
      { subject: 'Refund?', description: 'How do refunds work' },
      rider.token,
    );
    expect(res.json().entities[0].category).toBe('Payment Issues');
  });

  it('requires subject and description and a known category', async () => {
    const rider = await t.signUp();
    expect((await submit({ subject: '', description: 'x' }, rider.token)).json()).toMatchObject({
      statusCode: 400,
      message: 'Subject is required',
    });
    expect((await submit({ subject: 'x', description: '  ' }, rider.token)).json()).toMatchObject({
      statusCode: 400,
      message: 'Description is required',
    });
    expect(
      (await submit({ subject: 'x', description: 'y', category: 'Other' }, rider.token)).statusCode,
    ).toBe(400);
  });
});

describe('support tickets are limited', () => {
  it('5 an hour per rider, then a 429 saying when; other riders are not affected', async () => {
    const [flooder, other] = await Promise.all([t.signUp(), t.signUp()]);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await submit({ subject: `Help ${i}`, description: 'x' }, flooder.token)).statusCode,
      ).toBe(201);
    }
    const refused = await submit({ subject: 'Help 6', description: 'x' }, flooder.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You have sent several support tickets recently\. Please wait \d+ minutes, or reply to our e-mail about an earlier ticket\.$/,
    );
    expect((await submit({ subject: 'Mine', description: 'y' }, other.token)).statusCode).toBe(201);
  });

  it('20 an hour from one network, told as the network’s; a rider refused so keeps their own 5', async () => {
    const from = (token: string, remoteAddress: string, subject = 'Help') =>
      t.request({
        method: 'POST',
        url: '/api/support',
        payload: { subject, description: 'x' },
        token,
        remoteAddress,
      });
    const office = '203.0.113.7';
    const colleagues = await Promise.all([t.signUp(), t.signUp(), t.signUp(), t.signUp()]);
    for (const colleague of colleagues)
      for (let i = 0; i < 5; i += 1)
        expect((await from(colleague.token, office)).statusCode).toBe(201);
    const newcomer = await t.signUp();
    const refused = await from(newcomer.token, office);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Many support tickets have come from your network in the last hour\. Please try again in \d+ minutes?, or write to us by e-mail\.$/,
    );
    for (let i = 0; i < 5; i += 1)
      expect((await from(newcomer.token, '198.51.100.3', `Mine ${i}`)).statusCode).toBe(201);
  });

  it('quotes the rider’s subject in the mail to the support team, after the ticket number', async () => {
    const rider = await t.signUp();
    const res = await submit(
      { subject: 'Your account is suspended', description: 'z' },
      rider.token,
    );
    const ticket = res.json().entities[0];
    const toSupport = await t.mail.waitFor('help@aeropool.test', (m) =>
      m.subject.includes(ticket.ticketNumber),
    );
    expect(toSupport.subject).toBe(
      `[${ticket.ticketNumber}] Payment Issues: “Your account is suspended”`,
    );
  });
});
