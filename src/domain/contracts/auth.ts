import { z } from 'zod';
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

/** NIST SP 800-63B §5.1.1.2: at least 8 characters; a generous upper bound keeps hashing cheap. */
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const SignUpSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: EmailSchema,
  password: NewPasswordSchema,
  companyName: name('Company name'),
  jurisdiction: JurisdictionSchema.default('CSRD'),
});
export type SignUp = z.infer<typeof SignUpSchema>;

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
