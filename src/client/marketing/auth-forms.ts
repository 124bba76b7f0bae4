/**
 * Sign-in and sign-up pages (/login, /signup): plain TypeScript, no React. The form itself goes
 * through ./public-form; this adds the SSO buttons the deployment offers and explains `?error=`
 * codes.
 */
import {
  type AuthProviders,
  AuthProvidersSchema,
  SignInSchema,
  SignUpPendingSchema,
  SignUpSchema,
} from '../../domain/contracts/auth';
import { type FormConfig, setAlert, wireForm } from './public-form';

const FORMS: Record<'signin' | 'signup', FormConfig> = {
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

export function describeQueryError(code: string | null): string | null {
  if (!code) return null;
  return QUERY_ERROR_MESSAGES[code] ?? UNKNOWN_QUERY_ERROR;
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
  if (form && (kind === 'signin' || kind === 'signup')) {
    wireForm(form, {
      ...FORMS[kind],
      leavesPage: true,
      onSuccess: async (response) => {
        // Sign-up where the address must confirm an emailed link first (decision 041).
        if (response.status === 202) return showPendingSignUp(form, await readPendingMessage(response));
        // Sign-in answers 200 and sign-up 201; either way the session cookie is set.
        location.href = '/';
      },
    });
  }
  initPasswordToggles();
  initJurisdictionHelp();
  void fetchProviders().then((providers) => {
    if (providers) applyProviders(providers);
  });
}
