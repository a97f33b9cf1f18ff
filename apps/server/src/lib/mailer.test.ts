import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '../test/mail-capture';
import { createRide, sendMatch } from '../test/ride-factory';
import { createTestApp, type TestApp } from '../test/test-app';
import { createMailer, type MailMessage } from './mailer';

const message = (to: string): MailMessage => ({
  to,
  subject: 'Hello',
  text: 'Hello there',
  html: '<p>Hello there</p>',
});

/** Accepts connections and never says a word, as a mail server behind a broken network can. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the mailer with a mail server that does not answer', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    silent = await silentServer();
  });
  afterAll(() => silent.close());

  it('gives up after its own greeting timeout, not nodemailer’s 30 s', async () => {
    const mailer = createMailer({
      smtpUrl: silent.url,
      from: 'a@b.test',
      log: pino({ level: 'silent' }),
    });
    await expect(mailer.send(message('rider@example.com'))).rejects.toThrow(/Greeting/);
    await mailer.close();
  }, 20_000);

  it('takes a shorter timeout from SMTP_URL’s query', async () => {
    const mailer = createMailer({
      smtpUrl: `${silent.url}?greetingTimeout=200`,
      from: 'a@b.test',
      log: pino({ level: 'silent' }),
    });
    await expect(mailer.send(message('rider@example.com'))).rejects.toThrow(/Greeting/);
    await mailer.close();
  }, 5_000);
});

describe('mail sent later', () => {
  let capture: MailCapture;
  beforeAll(async () => {
    capture = await startMailCapture();
  });
  afterAll(() => capture.close());

  it('is still delivered when the app closes while it is being sent', async () => {
    const failures: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void failures.push(line) });
    const mailer = createMailer({ smtpUrl: capture.url, from: 'a@b.test', log });
    capture.hold();
    mailer.sendLater(message('late@example.com'), 'not sent');
    await expect.poll(() => capture.held()).toBe(1);
    let closed = false;
    const closing = mailer.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    capture.release();
    await closing;
    expect(capture.messages.map((mail) => mail.to)).toContainEqual(['late@example.com']);
    expect(failures).toEqual([]);
  });

  it('logs that a mail was sent, not its subject, which may be a sign-in code', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailer = createMailer({ smtpUrl: capture.url, from: 'a@b.test', log });
    await mailer.send({ ...message('code@example.com'), subject: '482913 is your code' });
    await mailer.close();
    const sent = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(sent).toContainEqual(
      expect.objectContaining({ msg: 'mail sent', to: 'code@example.com' }),
    );
    expect(lines.join('\n')).not.toContain('482913');
  });

  it('settles only once no mail is being sent, those begun while it waits included', async () => {
    const log = pino({ level: 'silent' });
    const mailer = createMailer({ smtpUrl: capture.url, from: 'a@b.test', log });
    capture.hold();
    try {
      mailer.sendLater(message('first@example.com'), 'not sent');
      await expect.poll(() => capture.held()).toBe(1);
      let settled = false;
      const settling = mailer.settle().then(() => (settled = true));
      // A job still running as the app closes sends another.
      mailer.sendLater(message('second@example.com'), 'not sent');
      await expect.poll(() => capture.held()).toBe(2);
      capture.release();
      capture.hold();
      mailer.sendLater(message('third@example.com'), 'not sent');
      await expect.poll(() => capture.held()).toBe(1);
      expect(settled).toBe(false);
      capture.release();
      await settling;
      const to = capture.messages.map((mail) => mail.to[0]);
      expect(to).toEqual(expect.arrayContaining(['second@example.com', 'third@example.com']));
    } finally {
      capture.release();
      await mailer.close();
    }
  });
});

describe('a notice mail that could not be sent', () => {
  const logged = () => {
    const lines: { level: number; msg: string; attempts?: number }[] = [];
    const log = pino(
      { level: 'warn' },
      { write: (line: string) => void lines.push(JSON.parse(line)) },
    );
    return { log, lines, errors: () => lines.filter((line) => line.level >= 50) };
  };
  let capture: MailCapture;
  beforeAll(async () => {
    capture = await startMailCapture();
  });
  afterAll(() => capture.close());

  it('is sent once the mail server is back', async () => {
    // A port nothing listens on yet: the mail server is down, then starts there.
    const free = net.createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const { port } = free.address() as net.AddressInfo;
    await new Promise((resolve) => free.close(resolve));
    const { log, lines, errors } = logged();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'a@b.test',
      log,
      // The first retry may come before the server is up again; the next ones leave it time.
      retryDelaysMs: [300, 3000, 3000],
    });
    mailer.sendLater(message('back@example.com'), 'notice not sent');
    await expect
      .poll(() => lines.map((line) => line.msg))
      .toContain('notice not sent; trying again');
    const restarted = await startMailCapture({ port });
    try {
      await restarted.waitFor('back@example.com', undefined, 10_000);
      expect(errors()).toEqual([]);
    } finally {
      await mailer.close();
      await restarted.close();
    }
  });

  it('is asked again after "try later", and not after a refusal for good', async () => {
    const { log, errors } = logged();
    const mailer = createMailer({
      smtpUrl: capture.url,
      from: 'a@b.test',
      log,
      retryDelaysMs: [1000, 1000],
    });
    try {
      capture.refuse(451);
      mailer.sendLater(message('later@example.com'), 'notice not sent');
      await expect.poll(() => capture.refused()).toBe(1);
      capture.refuse();
      await capture.waitFor('later@example.com');

      const refusedBefore = capture.refused();
      capture.refuse(550);
      mailer.sendLater(message('never@example.com'), 'notice not sent');
      await expect
        .poll(() => errors())
        .toEqual([expect.objectContaining({ msg: 'notice not sent', attempts: 1 })]);
      // Longer than the retry delay: not asked again.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(capture.refused()).toBe(refusedBefore + 1);
    } finally {
      capture.refuse();
      await mailer.close();
    }
  });

  it('is given up after its last attempt, or when the app closes before the next', async () => {
    const { log, lines, errors } = logged();
    const mailer = createMailer({
      smtpUrl: capture.url,
      from: 'a@b.test',
      log,
      retryDelaysMs: [100, 60_000],
    });
    capture.refuse(421);
    try {
      mailer.sendLater(message('gone@example.com'), 'notice not sent');
      // Refused twice; the third attempt is a minute away when the app closes.
      await expect
        .poll(() => lines.filter((line) => line.msg === 'notice not sent; trying again').length)
        .toBe(2);
    } finally {
      capture.refuse();
      await mailer.close();
    }
    expect(errors()).toEqual([
      expect.objectContaining({
        msg: 'notice not sent (the app closed before it was sent)',
        attempts: 2,
      }),
    ]);
    expect(capture.messages.map((mail) => mail.to)).not.toContainEqual(['gone@example.com']);

    const short = logged();
    const once = createMailer({
      smtpUrl: capture.url,
      from: 'a@b.test',
      log: short.log,
      retryDelaysMs: [100],
    });
    capture.refuse(421);
    try {
      once.sendLater(message('gone@example.com'), 'notice not sent');
      await expect
        .poll(() => short.errors())
        .toEqual([expect.objectContaining({ msg: 'notice not sent', attempts: 2 })]);
    } finally {
      capture.refuse();
      await once.close();
    }
  });
});

describe('a stalled mail server does not hold up what riders do', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    t.mail.release();
    await t.close();
  });

  it('answers a match request and a support ticket at once; the mails follow', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const rideA = await createRide(t, a, { minutesAhead: 7000 });
    const rideB = await createRide(t, b, { minutesAhead: 7000 });

    t.mail.hold();
    expect((await sendMatch(t, a, rideA._id, rideB._id)).statusCode).toBe(201);
    const ticket = await t.request({
      method: 'POST',
      url: '/api/support',
      payload: { subject: 'Lost bag', description: 'Left it in the cab' },
      token: a.token,
    });
    expect(ticket.statusCode).toBe(201);
    const reference = ticket.json().entities[0].ticketNumber as string;
    const askedToMatch = (mail: { subject: string }) => /new match request/i.test(mail.subject);
    // The rider's, the support team's and the ticket's confirmation: each waits for the server.
    await expect.poll(() => t.mail.held()).toBe(3);
    expect(t.mail.messages.filter(askedToMatch)).toEqual([]);

    t.mail.release();
    await t.mail.waitFor(b.email, askedToMatch);
    await t.mail.waitFor(a.email, (mail) => mail.subject.includes(reference));
  });
});
