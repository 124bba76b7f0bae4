import { z } from 'zod';
import { PlanSchema } from '../account/plans.ts';
import { EmailSchema, linkTokenSchema, NewPasswordSchema, RoleSchema } from './auth.ts';
import { text } from './text.ts';

/** How long an invitation link works (issue 9): 7 days from when it is sent. */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A company member as Settings → Team lists them. `id` is the membership id. */
export const TeamMemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: RoleSchema,
  joinedAt: z.string(),
  /** The caller's own row (the UI says "You" and warns before an admin removes themself). */
  isYou: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** A pending invitation (not accepted, revoked or expired). */
export const TeamInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: RoleSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TeamInvite = z.infer<typeof TeamInviteSchema>;

/** GET /api/team: any signed-in role may read it; only an admin may change it. */
export const TeamSchema = z.object({
  members: z.array(TeamMemberSchema),
  invites: z.array(TeamInviteSchema),
  canManage: z.boolean(),
  /** The plan's user limit (members + pending invitations); null means unlimited. */
  maxUsers: z.number().int().nullable(),
  plan: PlanSchema,
  planName: z.string(),
  /** Whether invitations are emailed (SMTP configured) or their link is shown once. */
  emailConfigured: z.boolean(),
  /**
   * Whether password reset links are emailed (SMTP and PUBLIC_URL, decision 045); when not, an
   * admin issues them in Settings → Team.
   */
  resetLinksEmailed: z.boolean(),
});
export type Team = z.infer<typeof TeamSchema>;

/** POST /api/team/invites (spec §3 "Team invite form": email, role; default member). */
export const CreateInviteSchema = z.object({
  email: EmailSchema,
  role: RoleSchema.default('member'),
});
export type CreateInvite = z.infer<typeof CreateInviteSchema>;

/**
 * 'emailed': the link went by email and is not returned. 'not_configured': no SMTP here, the link
 * is returned once. 'email_failed': SMTP refused; the link is returned once so it can still be sent.
 */
export const InviteDeliverySchema = z.enum(['emailed', 'not_configured', 'email_failed']);
export type InviteDelivery = z.infer<typeof InviteDeliverySchema>;

export const CreatedInviteSchema = z.object({
  invite: TeamInviteSchema,
  delivery: InviteDeliverySchema,
  /** The one-time link, only when it was not emailed; never stored and never shown again. */
  link: z.string().nullable(),
});
export type CreatedInvite = z.infer<typeof CreatedInviteSchema>;

/** PATCH /api/team/members/{id}. */
export const UpdateMemberRoleSchema = z.object({ role: RoleSchema });
export type UpdateMemberRole = z.infer<typeof UpdateMemberRoleSchema>;

export const InviteTokenSchema = linkTokenSchema('invitation');

export const InviteTokenBodySchema = z.object({ token: InviteTokenSchema });
export type InviteTokenBody = z.infer<typeof InviteTokenBodySchema>;

/** What the /invite page may know about an invitation, from its token alone. */
export const InviteStatusSchema = z.enum(['pending', 'expired', 'accepted', 'revoked']);
export type InviteStatus = z.infer<typeof InviteStatusSchema>;

export const InviteLookupSchema = z.object({
  status: InviteStatusSchema,
  companyName: z.string(),
  role: RoleSchema,
  inviterFirstName: z.string().nullable(),
  /** The invited address (empty once the invitation is no longer pending: it is erased then). */
  email: z.string(),
  expiresAt: z.string(),
  /** An account with the invited address exists: the page offers sign-in rather than sign-up. */
  accountExists: z.boolean(),
});
export type InviteLookup = z.infer<typeof InviteLookupSchema>;

/** POST /api/invites/signup: a new account that joins the inviting company (email fixed by it). */
export const InviteSignUpSchema = z.object({
  token: InviteTokenSchema,
  firstName: text('First name', { max: 100 }).min(1, 'First name is required'),
  lastName: text('Last name', { max: 100 }).min(1, 'Last name is required'),
  password: NewPasswordSchema,
});
export type InviteSignUp = z.infer<typeof InviteSignUpSchema>;
