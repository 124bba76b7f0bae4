import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, passwordShapeProblem } from '../account/password-policy.ts';
import { text } from './text.ts';

/** Jurisdictions offered (spec §9); default CSRD. */
export const JurisdictionSchema = z.enum(['CSRD', 'SECR', 'SEC']);
export type Jurisdiction = z.infer<typeof JurisdictionSchema>;

export const RoleSchema = z.enum(['admin', 'member', 'viewer']);
export type Role = z.infer<typeof RoleSchema>;

const name = (label: string) => text(label, { max: 100 }).min(1, `${label} is required`);

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }));

/**
 * The rules of the password policy that need only the password (decision 045): length in code
 * points, no control characters, more than spaces. The server adds the rules that need the
 * account or the bundled list (not your email, not a common password) and answers them as a field
 * error on the same field.
 */
export const NewPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .superRefine((value, context) => {
    const problem = passwordShapeProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: PASSWORD_MESSAGES[problem] });
  });

export const SignUpSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: EmailSchema,
  password: NewPasswordSchema,
  companyName: name('Company name'),
  jurisdiction: JurisdictionSchema.default('CSRD'),
});
export type SignUp = z.infer<typeof SignUpSchema>;

/**
 * The 202 answer to a sign-up where outgoing email is set up (decision 041): the same words
 * whether or not the address already has an account; the account waits for the emailed link.
 */
export const SignUpPendingSchema = z.object({ message: z.string(), email: z.string() });
export type SignUpPending = z.infer<typeof SignUpPendingSchema>;

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type SignIn = z.infer<typeof SignInSchema>;

/** PUT /api/auth/user (spec §7): the Settings → Profile form. */
export const UpdateProfileSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: EmailSchema,
  companyName: name('Company name'),
  jurisdiction: JurisdictionSchema,
});
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;

/** GET /api/auth/user (spec §3 "Current user", plus ids and the membership role). */
export const CurrentUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  companyId: z.string(),
  companyName: z.string(),
  jurisdiction: JurisdictionSchema,
  role: RoleSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** GET /api/auth/providers: which sign-in methods this deployment offers. */
export const AuthProvidersSchema = z.object({
  password: z.boolean(),
  google: z.boolean(),
  microsoft: z.boolean(),
});
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

/** GET /api/auth/companies: one company the signed-in person belongs to, and their role there. */
export const CompanyMembershipSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  role: RoleSchema,
  /** The company this session is in now. */
  isCurrent: z.boolean(),
});
export type CompanyMembership = z.infer<typeof CompanyMembershipSchema>;

/** The current company first, then the others by name (decision 031). */
export const CompanyMembershipsSchema = z.object({ companies: z.array(CompanyMembershipSchema) });
export type CompanyMemberships = z.infer<typeof CompanyMembershipsSchema>;

/** POST /api/auth/switch-company: moves this session to another company the person belongs to. */
export const SwitchCompanySchema = z.object({
  companyId: z
    .string({ error: 'Choose a company' })
    .trim()
    .min(1, 'Choose a company')
    .max(100, 'Company id must be at most 100 characters'),
});
export type SwitchCompany = z.infer<typeof SwitchCompanySchema>;

/** An email change waiting for the new address to open its link (decision 041). */
export const PendingEmailChangeSchema = z.object({
  newEmail: z.string(),
  expiresAt: z.string(),
});
export type PendingEmailChange = z.infer<typeof PendingEmailChangeSchema>;

/** GET /api/auth/email-change: the pending change, if any. */
export const EmailChangeStatusSchema = z.object({ pending: PendingEmailChangeSchema.nullable() });
export type EmailChangeStatus = z.infer<typeof EmailChangeStatusSchema>;

/**
 * PUT /api/auth/user answers the user as stored (the email is the confirmed one) and, when a new
 * address was asked for, the same `emailChange` whether or not that address is taken.
 */
export const ProfileUpdateResultSchema = CurrentUserSchema.extend({
  emailChange: PendingEmailChangeSchema.extend({ message: z.string() }).nullable(),
});
export type ProfileUpdateResult = z.infer<typeof ProfileUpdateResultSchema>;

/**
 * The secret of a single-use link (server/lib/secret-token.ts: 160 random bits, base32, 32
 * characters), bounded loosely so older links still parse; `link` names it in the messages.
 */
export const linkTokenSchema = (link: string) =>
  z
    .string({ error: `The ${link} link is incomplete` })
    .trim()
    .min(16, `The ${link} link is incomplete`)
    .max(128, `The ${link} link is not valid`);

/** POST /api/auth/email-change/confirm: the token of the link sent to the new address. */
export const EmailChangeTokenSchema = z.object({ token: linkTokenSchema('confirmation') });
export type EmailChangeToken = z.infer<typeof EmailChangeTokenSchema>;

/** POST /api/auth/signup/confirm: the token of the link emailed at sign-up. */
export const SignUpTokenSchema = z.object({ token: linkTokenSchema('sign-up') });
export type SignUpToken = z.infer<typeof SignUpTokenSchema>;

/** What confirming an email change answers: the address that now signs in. */
export const EmailChangeConfirmedSchema = z.object({ email: z.string() });
export type EmailChangeConfirmed = z.infer<typeof EmailChangeConfirmedSchema>;

/** PUT /api/auth/password (Settings → Profile): the current password proves it is the owner. */
export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX_LENGTH * 4, 'Your current password is not that long'),
  newPassword: NewPasswordSchema,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** POST /api/auth/password/forgot: the address to send a reset link to. */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/**
 * GET /api/auth/password/forgot: whether reset links go by email here. Without SMTP the page says
 * so and sends people to an admin of their company (Settings → Team issues a link).
 */
export const PasswordResetOptionsSchema = z.object({ emailConfigured: z.boolean() });
export type PasswordResetOptions = z.infer<typeof PasswordResetOptionsSchema>;

/** The answer to a forgot-password request: the same words whether or not the address has an account. */
export const ForgotPasswordAnswerSchema = z.object({ message: z.string(), emailConfigured: z.boolean() });
export type ForgotPasswordAnswer = z.infer<typeof ForgotPasswordAnswerSchema>;

export const ResetTokenSchema = linkTokenSchema('reset');

/** POST /api/auth/password/reset/check: is this link still usable? (the page asks before the form). */
export const ResetTokenBodySchema = z.object({ token: ResetTokenSchema });
export type ResetTokenBody = z.infer<typeof ResetTokenBodySchema>;

export const ResetTokenStatusSchema = z.object({
  /** The address the link is for, so a password manager can save the new password under it. */
  email: z.string(),
  expiresAt: z.string(),
});
export type ResetTokenStatus = z.infer<typeof ResetTokenStatusSchema>;

/** POST /api/auth/password/reset: the new password for the account the link belongs to. */
export const ResetPasswordSchema = z.object({ token: ResetTokenSchema, password: NewPasswordSchema });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** POST /api/team/members/{id}/reset-link (admin, no SMTP needed): the one-time link, shown once. */
export const IssuedResetLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });
export type IssuedResetLink = z.infer<typeof IssuedResetLinkSchema>;
