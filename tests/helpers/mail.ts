import type { FakeSmtp, ReceivedMail } from '../fakes/smtp.ts';

/** The message body with quoted-printable soft breaks and escapes undone. */
export function mailBody(data: string): string {
  return data
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first message to `address` among those after the first `after` (mail sent after an answer). */
export async function waitForMailTo(smtp: FakeSmtp, address: string, after: number): Promise<ReceivedMail> {
  for (let count = after + 1; ; count += 1) {
    const mail = (await smtp.waitForMessages(count))
      .slice(after)
      .find((message) => message.to.includes(address));
    if (mail) return mail;
  }
}

/** The token of the /confirm-signup link in a message body, if any. */
export function signUpLinkToken(body: string): string | undefined {
  return /\/confirm-signup\?token=([a-z2-7]{32})/.exec(body)?.[1];
}
