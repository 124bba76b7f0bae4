// A protocol-faithful SMTP server on 127.0.0.1 for tests (RFC 5321 with AUTH PLAIN/LOGIN from
// RFC 4954), enough for nodemailer: greeting, EHLO, AUTH, MAIL FROM, RCPT TO, DATA with dot
// unstuffing, RSET, NOOP, QUIT. No STARTTLS is offered, so the client stays in plain text.
// `rejectRecipients` answers RCPT TO with 550, as a server refusing a mailbox does.
import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body), CRLF line ends, dot-unstuffed. */
  data: string;
  /** `user:password` the client authenticated with, or null. */
  auth: string | null;
}

export interface FakeSmtp {
  url(user?: string, password?: string): string;
  messages: ReceivedMail[];
  rejectRecipients: boolean;
  /** Resolves once `count` messages have arrived in all (for mail the app sends after answering). */
  waitForMessages(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A message's text with quoted-printable (RFC 2045 §6.7) soft breaks and escapes undone. */
export function mailText(mail: Pick<ReceivedMail, 'data'> | undefined): string {
  return (mail?.data ?? '')
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const decode = (text: string) => Buffer.from(text, 'base64').toString('utf8');

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const state: FakeSmtp = {
    messages: [],
    rejectRecipients: false,
    waitForMessages: (count) =>
      state.messages.length >= count
        ? Promise.resolve(state.messages)
        : new Promise((resolve) => waiting.push({ count, resolve })),
    url: () => '',
    close: async () => undefined,
  };
  const sockets = new Set<Socket>();
  let waiting: { count: number; resolve: (messages: ReceivedMail[]) => void }[] = [];
  const notify = () => {
    const ready = waiting.filter((waiter) => state.messages.length >= waiter.count);
    waiting = waiting.filter((waiter) => state.messages.length < waiter.count);
    for (const waiter of ready) waiter.resolve(state.messages);
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let mode: 'command' | 'data' | 'auth-plain' | 'auth-login-user' | 'auth-login-pass' = 'command';
    let auth: string | null = null;
    let loginUser = '';
    let mail: { from: string; to: string[] } | null = null;
    let dataLines: string[] = [];

    const command = (line: string) => {
      const verb = line.split(' ')[0]!.toUpperCase();
      if (verb === 'EHLO') {
        reply('250-fake-smtp greets you');
        reply('250-AUTH PLAIN LOGIN');
        reply('250-8BITMIME');
        reply('250 SMTPUTF8');
      } else if (verb === 'HELO') reply('250 fake-smtp');
      else if (verb === 'AUTH') {
        const [, method, initial] = line.split(' ');
        if (method?.toUpperCase() === 'PLAIN') {
          if (initial) {
            const [, user, password] = decode(initial).split('\u0000');
            auth = `${user}:${password}`;
            reply('235 2.7.0 Authentication successful');
          } else {
            mode = 'auth-plain';
            reply('334 ');
          }
        } else if (method?.toUpperCase() === 'LOGIN') {
          mode = 'auth-login-user';
          reply('334 VXNlcm5hbWU6');
        } else reply('504 5.5.4 Unrecognized authentication type');
      } else if (verb === 'MAIL') {
        mail = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [] };
        reply('250 2.1.0 Ok');
      } else if (verb === 'RCPT') {
        if (!mail) return reply('503 5.5.1 Need MAIL first');
        if (state.rejectRecipients) return reply('550 5.1.1 Mailbox unavailable');
        mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        reply('250 2.1.5 Ok');
      } else if (verb === 'DATA') {
        if (!mail || mail.to.length === 0) return reply('503 5.5.1 Need RCPT first');
        mode = 'data';
        dataLines = [];
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET') {
        mail = null;
        reply('250 2.0.0 Ok');
      } else if (verb === 'NOOP') reply('250 2.0.0 Ok');
      else if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        socket.end();
      } else reply('502 5.5.2 Command not recognised');
    };

    const line = (text: string) => {
      if (mode === 'data') {
        if (text === '.') {
          state.messages.push({ from: mail!.from, to: mail!.to, data: dataLines.join('\r\n'), auth });
          notify();
          mail = null;
          mode = 'command';
          reply('250 2.0.0 Ok: queued');
        } else dataLines.push(text.startsWith('..') ? text.slice(1) : text);
      } else if (mode === 'auth-plain') {
        const [, user, password] = decode(text).split('\u0000');
        auth = `${user}:${password}`;
        mode = 'command';
        reply('235 2.7.0 Authentication successful');
      } else if (mode === 'auth-login-user') {
        loginUser = decode(text);
        mode = 'auth-login-pass';
        reply('334 UGFzc3dvcmQ6');
      } else if (mode === 'auth-login-pass') {
        auth = `${loginUser}:${decode(text)}`;
        mode = 'command';
        reply('235 2.7.0 Authentication successful');
      } else command(text);
    };

    reply('220 fake-smtp ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  state.url = (user = 'reports', password = 'secret') =>
    `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}
