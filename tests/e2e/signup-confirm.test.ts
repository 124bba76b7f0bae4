/**
 * Sign-up where outgoing email is set up, in a real browser (decision 041, "Sign-up with email
 * confirmation"): the form says "Check your inbox", the emailed link's page creates the account
 * only when its button is pressed, and the person lands in the app signed in.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { startFakeSmtp } from '../fakes/smtp';
import { mailBody, signUpLinkToken, waitForMailTo } from '../helpers/mail';
import { seriousAccessibilityViolations, startE2E } from './harness';
import { WAIT_MS, waitForDashboard } from './helpers';

const smtp = await startFakeSmtp();
afterAll(() => smtp.close());
const e2e = startE2E({
  publicUrlIsServer: true,
  env: { SMTP_URL: smtp.url(), SMTP_FROM: 'ESG Pilot <pilot@example.com>' },
});

describe('sign-up with email confirmation', () => {
  test('the form says to check the inbox; the emailed link page creates the account and signs in', async () => {
    const { page } = await e2e.newPage({ width: 1440 });
    const email = `confirm-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const sentBefore = smtp.messages.length;
    await page.goto('/signup');
    await page.getByRole('textbox', { name: 'First name' }).fill('Priya');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Shah');
    await page.getByRole('textbox', { name: 'Work email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.getByRole('textbox', { name: 'Company name' }).fill('Shah Ceramics');
    await page.getByRole('button', { name: 'Create account' }).click();
    const status = page
      .getByRole('status')
      .filter({ hasText: `Check your inbox: we sent a link to ${email} to finish creating your account.` });
    await status.waitFor({ timeout: WAIT_MS });
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    const token = signUpLinkToken(mailBody((await waitForMailTo(smtp, email, sentBefore)).data));
    expect(token).toBeDefined();
    await page.goto(`/confirm-signup?token=${token}`);
    await page.getByRole('heading', { name: 'Finish creating your account' }).waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Opening the page created nothing yet.
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await page.getByRole('button', { name: 'Finish creating my account' }).click();
    await waitForDashboard(page);
    expect(await (await page.request.get('/api/auth/user')).json()).toMatchObject({
      email,
      companyName: 'Shah Ceramics',
    });
  });
});
