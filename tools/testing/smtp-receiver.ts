// Shared by the API tests and the portal's browser tests: a real SMTP server that keeps what it receives.
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/**
 * A real SMTP server on a free local port (the `smtp-server` package), requiring the login in its URL, so that the
 * service is tested through nodemailer's whole conversation: greeting, AUTH, MAIL/RCPT/DATA and MIME encoding.
 */
export async function startSmtpReceiver(user = 'mailer', pass = 'mail-secret') {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true, // plain connection on loopback
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    received,
    /**
     * Resolves with the first message to `to` (arrived or arriving), with `subject` when given, or rejects after
     * `withinMs`.
     */
    async mailTo(to: string, withinMs = 5000, subject?: string): Promise<ReceivedMail> {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const mail = received.find(
          (m) => m.to.includes(to) && (subject === undefined || m.subject === subject),
        );
        if (mail) return mail;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`No mail to ${to}${subject ? ` on "${subject}"` : ''} within ${withinMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
