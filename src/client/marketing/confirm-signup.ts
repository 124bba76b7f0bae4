/**
 * /confirm-signup?token=… (decision 041, "Sign-up with email confirmation"): plain TypeScript, no
 * React, like the other sign-in pages. Opening the link creates nothing: the button posts the
 * token, so a mail scanner that follows links cannot create the account. On success the session
 * cookie is set and the person lands in the app.
 */
import { NETWORK_ERROR_MESSAGE, postJson, readFormError, setAlert } from './public-form';

export function initConfirmSignUpPage(): void {
  const button = document.getElementById('confirm-signup');
  const alert = document.getElementById('page-alert');
  if (!(button instanceof HTMLButtonElement)) return;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  if (!token) {
    document.getElementById('confirm-panel')?.setAttribute('hidden', '');
    document.getElementById('link-incomplete')?.removeAttribute('hidden');
    return;
  }
  const idleLabel = button.textContent ?? '';
  button.disabled = false;
  button.addEventListener('click', async () => {
    if (button.disabled) return;
    setAlert(alert, null);
    button.disabled = true;
    button.textContent = 'Creating your account...';
    try {
      const response = await postJson('/api/auth/signup/confirm', { token });
      if (response.ok) {
        location.href = '/';
        return;
      }
      setAlert(alert, (await readFormError(response)).message);
    } catch {
      setAlert(alert, NETWORK_ERROR_MESSAGE);
    }
    button.disabled = false;
    button.textContent = idleLabel;
  });
}
