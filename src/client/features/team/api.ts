import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, IssuedResetLink, Role } from '../../../domain/contracts/auth';
import type {
  CreatedInvite,
  CreateInvite,
  InviteLookup,
  InviteSignUp,
  Team,
  TeamMember,
} from '../../../domain/contracts/team';
import { apiRequest } from '../../lib/api';

export const teamKeys = {
  team: () => ['/api/team'] as const,
};

export function getTeam(): Promise<Team> {
  return apiRequest<Team>('GET', '/api/team');
}

export function useTeam() {
  return useQuery({ queryKey: teamKeys.team(), queryFn: getTeam });
}

/** Mutations of Settings → Team refresh the team list; the panel shows its own error toasts. */
function useTeamMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { ownErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.team() }),
  });
}

export function useCreateInvite() {
  return useTeamMutation((input: CreateInvite) =>
    apiRequest<CreatedInvite>('POST', '/api/team/invites', input),
  );
}

export function useRevokeInvite() {
  return useTeamMutation((id: string) =>
    apiRequest<void>('DELETE', `/api/team/invites/${encodeURIComponent(id)}`),
  );
}

export function useUpdateMemberRole() {
  return useTeamMutation((input: { id: string; role: Role }) =>
    apiRequest<TeamMember>('PATCH', `/api/team/members/${encodeURIComponent(input.id)}`, {
      role: input.role,
    }),
  );
}

export function useRemoveMember() {
  return useTeamMutation((id: string) =>
    apiRequest<void>('DELETE', `/api/team/members/${encodeURIComponent(id)}`),
  );
}

/** The /invite page (public): the token goes in the body so it never lands in access logs. */
export function lookupInvite(token: string): Promise<InviteLookup> {
  return apiRequest<InviteLookup>('POST', '/api/invites/lookup', { token });
}

export function useInviteLookup(token: string) {
  return useQuery({
    queryKey: ['invite-lookup', token],
    queryFn: () => lookupInvite(token),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useAcceptInvite() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<CurrentUser>('POST', '/api/invites/accept', { token }),
    meta: { ownErrorToast: true },
  });
}

export function useSignUpFromInvite() {
  return useMutation({
    mutationFn: (input: InviteSignUp) => apiRequest<CurrentUser>('POST', '/api/invites/signup', input),
    meta: { ownErrorToast: true },
  });
}

/** Sign in from the invitation page, then join (POST /api/auth/signin, as the /login page does). */
export function useSignInForInvite() {
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      apiRequest<CurrentUser>('POST', '/api/auth/signin', input),
    meta: { ownErrorToast: true },
  });
}

/**
 * POST /api/team/members/{id}/reset-link (admin, no SMTP; decision 045): the one-time link to
 * give the member. Changes nothing the team list shows, so nothing is invalidated.
 */
export function useIssueResetLink() {
  return useMutation({
    mutationFn: (membershipId: string) =>
      apiRequest<IssuedResetLink>('POST', `/api/team/members/${encodeURIComponent(membershipId)}/reset-link`),
    meta: { ownErrorToast: true },
  });
}
