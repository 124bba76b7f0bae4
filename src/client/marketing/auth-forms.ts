/**
 * Sign-in and sign-up pages (/login, /signup): plain TypeScript, no React. Validates with the same
 * zod contracts as the server, posts JSON, and shows the server's `{ message, details }` errors
 * inline. Also reveals the SSO buttons the deployment offers and explains `?error=` codes.
 */
import { type ZodType, z } from 'zod';
import {
  type AuthProviders,
  AuthProvidersSchema,
  SignInSchema,
  SignUpPendingSchema,
  SignUpSchema,
} from '../../domain/contracts/auth';

export type FieldErrors = Partial<Record<string, string[]>>;
export interface FormError {
  message: string;
  fieldErrors: FieldErrors;
}

interface AuthFormConfig {
  schema: ZodType;
  endpoint: string;
  busyLabel: string;
}

const FORMS: Record<'signin' | 'signup', AuthFormConfig> = {
  signin: { schema: SignInSchema, endpoint: '/api/auth/signin', busyLabel: 'Signing in...' },
  signup: { schema: SignUpSchema, endpoint: '/api/auth/signup', busyLabel: 'Creating account...' },
};

/** Codes the server puts in `?error=` after a failed single sign-on round trip. */
export const QUERY_ERROR_MESSAGES: Record<string, string> = {
  oauth_failed:
    "We couldn't sign you in with that provider. Please try again, or use another way to sign in.",
  oauth_email_unverified:
    'Your sign-in provider did not confirm that you own this email address, so it cannot sign you in here. If you already have an account, sign in with your email and password.',
  oauth_not_configured:
    "That sign-in provider isn't available on this site. Please use another way to sign in.",
  session_expired: 'Your session has expired. Please sign in again.',
};
const UNKNOWN_QUERY_ERROR = 'Sign-in did not complete. Please try again.';
export const INVALID_FORM_MESSAGE = 'Please correct the highlighted fields.';
export const NETWORK_ERROR_MESSAGE = 'We could not reach the server. Check your connection and try again.';
const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export function describeQueryError(code: string | null): string | null {
  if (!code) return null;
  return QUERY_ERROR_MESSAGES[code] ?? UNKNOWN_QUERY_ERROR;
}

/** Client-side check with the server's contract; field messages keyed like the form's `name`s. */
export function validateAuthForm(
  schema: ZodType,
  values: Record<string, unknown>,
): { success: true; data: unknown } | { success: false; fieldErrors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  return { success: false, fieldErrors: z.flattenError(result.error).fieldErrors as FieldErrors };
}

/** Reads the API error body `{ message, code?, details?: { fieldErrors } }`, tolerating anything else. */
export async function readFormError(response: Response): Promise<FormError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (for example a proxy error page): fall back to a generic message below.
  }
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const details = record.details as { fieldErrors?: unknown } | undefined;
  const fieldErrors =
    typeof details?.fieldErrors === 'object' && details.fieldErrors !== null
      ? (details.fieldErrors as FieldErrors)
      : {};
  const message =
    typeof record.message === 'string' && record.message ? record.message : GENERIC_ERROR_MESSAGE;
  return { message, fieldErrors };
}

/** GET /api/auth/providers; null when it fails, so the page keeps the password form and no SSO. */
export async function fetchProviders(fetchImpl: typeof fetch = fetch): Promise<AuthProviders | null> {
  try {
    const response = await fetchImpl('/api/auth/providers', { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const parsed = AuthProvidersSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Puts a message in an always-present `role="alert"` container (so screen readers announce it). */
export function setAlert(container: HTMLElement | null, message: string | null): void {
  if (!container) return;
  if (!message) {
    container.replaceChildren();
    return;
  }
  const box = document.createElement('p');
  box.className = 'rounded-md border border-danger bg-red-50 px-4 py-3 text-sm text-danger';
  box.textContent = message;
  container.replaceChildren(box);
}

export function setFieldErrors(form: HTMLFormElement, fieldErrors: FieldErrors): HTMLElement | null {
  let firstInvalid: HTMLElement | null = null;
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    'input[name], select[name]',
  )) {
    const errorElement = document.getElementById(`${control.id}-error`);
    if (!errorElement) continue;
    const message = fieldErrors[control.name]?.[0];
    errorElement.textContent = message ?? '';
    // Keep any hint, and add the error to the description only while there is one.
    const describedBy = (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id && id !== errorElement.id);
    if (message) {
      describedBy.push(errorElement.id);
      control.setAttribute('aria-invalid', 'true');
      firstInvalid ??= control;
    } else {
      control.removeAttribute('aria-invalid');
    }
    if (describedBy.length > 0) control.setAttribute('aria-describedby', describedBy.join(' '));
    else control.removeAttribute('aria-describedby');
  }
  return firstInvalid;
}

function initAuthForm(form: HTMLFormElement, config: AuthFormConfig): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const alert = document.getElementById('form-alert');
  if (!button) return;
  const idleLabel = button.textContent ?? '';

  const showError = (error: FormError) => {
    setAlert(alert, error.message);
    setFieldErrors(form, error.fieldErrors)?.focus();
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const values = Object.fromEntries(new FormData(form));
    const checked = validateAuthForm(config.schema, values);
    if (!checked.success) {
      showError({ message: INVALID_FORM_MESSAGE, fieldErrors: checked.fieldErrors });
      return;
    }
    setAlert(alert, null);
    setFieldErrors(form, {});
    button.disabled = true;
    button.textContent = config.busyLabel;
    try {
      const response = await fetch(config.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(checked.data),
        credentials: 'same-origin',
      });
      if (response.status === 202) {
        // Sign-up where the address must confirm an emailed link first (decision 041).
        showPendingSignUp(form, await readPendingMessage(response));
      } else if (response.ok) {
        // Sign-in answers 200 and sign-up 201; either way the session cookie is set.
        location.href = '/';
        return;
      } else {
        showError(await readFormError(response));
      }
    } catch {
      showError({ message: NETWORK_ERROR_MESSAGE, fieldErrors: {} });
    }
    button.disabled = false;
    button.textContent = idleLabel;
  });
}

const PENDING_FALLBACK = 'Check your inbox: we sent you a link to finish creating your account.';

async function readPendingMessage(response: Response): Promise<string> {
  const parsed = SignUpPendingSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data.message : PENDING_FALLBACK;
}

/** Shows "Check your inbox…" in the page's status region, in place of the form. */
function showPendingSignUp(form: HTMLFormElement, message: string): void {
  const status = document.getElementById('form-status');
  if (!status) return;
  const box = document.createElement('p');
  box.className = 'rounded-md border border-brand-700 bg-brand-50 px-4 py-3 text-sm text-ink';
  box.textContent = message;
  status.replaceChildren(box);
  form.reset();
  form.hidden = true;
}

function applyProviders(providers: AuthProviders): void {
  const sso = document.getElementById('sso');
  const google = document.getElementById('sso-google');
  const microsoft = document.getElementById('sso-microsoft');
  const passwordSection = document.getElementById('password-sign-in');
  const divider = document.getElementById('sso-divider');
  const noMethods = document.getElementById('no-sign-in-methods');
  const hasSso = providers.google || providers.microsoft;

  if (google) google.hidden = !providers.google;
  if (microsoft) microsoft.hidden = !providers.microsoft;
  if (sso) sso.hidden = !hasSso;
  if (divider) divider.hidden = !(hasSso && providers.password);
  if (passwordSection) passwordSection.hidden = !providers.password;
  if (noMethods) noMethods.hidden = hasSso || providers.password;
}

export function initPasswordToggles(): void {
  for (const toggle of document.querySelectorAll<HTMLButtonElement>('button[data-password-toggle]')) {
    const input = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!(input instanceof HTMLInputElement)) continue;
    toggle.hidden = false;
    toggle.addEventListener('click', () => {
      const isShown = input.type === 'text';
      input.type = isShown ? 'password' : 'text';
      toggle.setAttribute('aria-pressed', String(!isShown));
    });
  }
}

function initJurisdictionHelp(): void {
  const select = document.getElementById('jurisdiction');
  const help = document.getElementById('jurisdiction-help');
  if (!(select instanceof HTMLSelectElement) || !help) return;
  const update = () => {
    help.textContent = select.selectedOptions[0]?.dataset.description ?? '';
  };
  select.addEventListener('change', update);
  update();
}

/** Entry point for /login and /signup: `<form data-auth-form="signin|signup">`. */
export function initAuthPage(): void {
  const query = new URLSearchParams(location.search);
  const queryError = describeQueryError(query.get('error'));
  if (queryError) {
    setAlert(document.getElementById('page-alert'), queryError);
    // Drop the code from the address so a reload does not show the message again.
    query.delete('error');
    const search = query.toString();
    history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
  }

  const form = document.querySelector<HTMLFormElement>('form[data-auth-form]');
  const kind = form?.dataset.authForm;
  if (form && (kind === 'signin' || kind === 'signup')) initAuthForm(form, FORMS[kind]);
  initPasswordToggles();
  initJurisdictionHelp();
  void fetchProviders().then((providers) => {
    if (providers) applyProviders(providers);
  });
}
