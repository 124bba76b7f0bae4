/**
 * The /forgot-password and /reset-password pages (decision 045): plain TypeScript like the sign-in
 * page, with its helpers. Forgot asks for a link (or says email is not set up here); reset checks
 * the link first, then sets the new password. Server field errors (the policy's rules that need
 * the account or the list of common passwords) show beside the input like the contract's own.
 */
import {
  ForgotPasswordSchema,
  PasswordResetOptionsSchema,
  ResetPasswordSchema,
  ResetTokenStatusSchema,
} from '../../domain/contracts/auth';
import { initPasswordToggles } from './auth-forms';
import { NETWORK_ERROR_MESSAGE, postJson, readFormError, setAlert, wireForm } from './public-form';

/** Shows a plain notice in an always-present `role="status"` container. */
function setNotice(container: HTMLElement | null, message: string): void {
  if (!container) return;
  const box = document.createElement('p');
  box.className = 'rounded-md border border-brand-600 bg-brand-50 px-4 py-3 text-sm text-ink';
  box.textContent = message;
  container.replaceChildren(box);
}

/** Entry point of /forgot-password. */
export function initForgotPasswordPage(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-password-form="forgot"]');
  const notice = document.getElementById('page-notice');
  if (!form) return;
  void fetch('/api/auth/password/forgot', { headers: { Accept: 'application/json' } })
    .then(async (response) =>
      PasswordResetOptionsSchema.safeParse(response.ok ? await response.json() : null),
    )
    .then((parsed) => {
      // Unknown (the call failed): keep the form; the server says the same after a submit.
      if (parsed.success && !parsed.data.emailConfigured) {
        form.hidden = true;
        document.getElementById('not-set-up')?.removeAttribute('hidden');
      }
    })
    .catch(() => undefined);
  wireForm(form, {
    schema: ForgotPasswordSchema,
    endpoint: '/api/auth/password/forgot',
    busyLabel: 'Sending...',
    onSuccess: async (response) => {
      const answer = (await response.json()) as { message?: string };
      setNotice(notice, answer.message ?? 'If an account exists for that address, we sent a link.');
    },
  });
}

/** Entry point of /reset-password?token=…. */
export function initResetPasswordPage(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-password-form="reset"]');
  const pageAlert = document.getElementById('page-alert');
  const done = document.getElementById('reset-done');
  const email = document.getElementById('email');
  if (!form || !done) return;
  initPasswordToggles();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const invalid = (message: string) => {
    form.hidden = true;
    setAlert(pageAlert, message);
    document.getElementById('ask-again')?.removeAttribute('hidden');
  };
  if (!token) {
    invalid('This reset link is incomplete. Open the link from the email again, or ask for a new one.');
    return;
  }
  void postJson('/api/auth/password/reset/check', { token })
    .then(async (response) => {
      if (!response.ok) return invalid((await readFormError(response)).message);
      const parsed = ResetTokenStatusSchema.safeParse(await response.json());
      if (parsed.success && email instanceof HTMLInputElement) email.value = parsed.data.email;
      form.hidden = false;
    })
    .catch(() => invalid(NETWORK_ERROR_MESSAGE));
  wireForm(form, {
    schema: ResetPasswordSchema,
    endpoint: '/api/auth/password/reset',
    busyLabel: 'Saving...',
    extra: () => ({ token }),
    onSuccess: () => {
      form.hidden = true;
      done.hidden = false;
      done.querySelector<HTMLElement>('h2')?.focus();
    },
  });
}
