/** Query keys of the moderation feature (issue 12): each is its GET path, split at the slashes. */
export const moderationKeys = {
  moderators: (sellerId: string) => ['/api/sellers', sellerId, 'moderators'] as const,
  invitations: (sellerId: string) => ['/api/sellers', sellerId, 'moderator-invitations'] as const,
  myInvitations: () => ['/api/moderator-invitations'] as const,
  bans: (sellerId: string) => ['/api/sellers', sellerId, 'bans'] as const,
  log: (sellerId: string) => ['/api/sellers', sellerId, 'moderation-log'] as const,
  reports: (streamId: string) => ['/api/streams', streamId, 'reports'] as const,
  keywords: () => ['/api/seller/chat-keywords'] as const,
};
