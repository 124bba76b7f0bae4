/**
 * The submit flow shared by the public pages' forms (/login, /signup, /forgot-password,
 * /reset-password): plain TypeScript, no React. Validates with the same zod contracts as the
 * server, posts JSON, and shows the server's `{ message, details }` errors in the form's alert and
 * beside each field.
 */
import { type ZodType, z } from 'zod';

export type FieldErrors = Partial<Record<string, string[]>>;
export interface FormError {
  message: string;
  fieldErrors: FieldErrors;
}

export interface FormConfig {
  schema: ZodType;
  endpoint: string;
  busyLabel: string;
}

export const INVALID_FORM_MESSAGE = 'Please correct the highlighted fields.';
export const NETWORK_ERROR_MESSAGE = 'We could not reach the server. Check your connection and try again.';
const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

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

export async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
}

/**
 * The one submit flow of the public pages' forms (sign-in, sign-up, forgot and reset password):
 * validates with `schema`, posts, and calls `onSuccess` with the response; errors go to the form's
 * alert and fields. `extra` adds values that are not inputs (the reset token); `leavesPage` keeps
 * the button busy after a success that navigates away, so it cannot be pressed twice.
 */
export function wireForm(
  form: HTMLFormElement,
  options: FormConfig & {
    extra?: () => Record<string, unknown>;
    leavesPage?: boolean;
    onSuccess: (response: Response) => Promise<void> | void;
  },
): void {
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
    const values = { ...Object.fromEntries(new FormData(form)), ...options.extra?.() };
    const checked = validateAuthForm(options.schema, values);
    if (!checked.success) {
      showError({ message: INVALID_FORM_MESSAGE, fieldErrors: checked.fieldErrors });
      return;
    }
    setAlert(alert, null);
    setFieldErrors(form, {});
    button.disabled = true;
    button.textContent = options.busyLabel;
    try {
      const response = await postJson(options.endpoint, checked.data);
      if (response.ok) {
        await options.onSuccess(response);
        if (options.leavesPage) return;
      } else showError(await readFormError(response));
    } catch {
      showError({ message: NETWORK_ERROR_MESSAGE, fieldErrors: {} });
    }
    button.disabled = false;
    button.textContent = idleLabel;
  });
}
