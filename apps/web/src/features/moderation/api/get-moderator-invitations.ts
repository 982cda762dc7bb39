import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModeratorInvitation } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/sellers/{sellerId}/moderator-invitations: the owner's invitations waiting for an answer. */
export async function getModeratorInvitations(sellerId: string): Promise<ModeratorInvitation[]> {
  const res = await apiRequest('GET', `/api/sellers/${sellerId}/moderator-invitations`);
  return (await res.json()) as ModeratorInvitation[];
}

export function getModeratorInvitationsQueryOptions(sellerId: string) {
  return queryOptions({ queryKey: moderationKeys.invitations(sellerId), queryFn: () => getModeratorInvitations(sellerId) });
}

export function useModeratorInvitations(sellerId: string) {
  return useQuery(getModeratorInvitationsQueryOptions(sellerId));
}
