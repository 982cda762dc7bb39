import type { ChatRole } from '@live-market/contract/moderation';

export type ChatAction = 'delete' | 'timeout' | 'ban' | 'invite_moderator' | 'remove_moderator' | 'report';

type ChatActionsInput = {
  role: ChatRole;
  userId: string;
  /** The store owner's user id. */
  ownerId: string;
  /** Who wrote the line. */
  authorId: string;
  /** The store's moderators, once known (the owner and moderators may read the list). */
  moderatorIds?: ReadonlySet<string> | null;
};

/**
 * Issue 12: what a tap on a chat line offers. Nobody acts on their own line. Viewers may report
 * anyone else's. The owner and moderators may delete, time out and ban, but nobody moderates the owner
 * and moderators do not act on each other; the owner also invites them to moderate (or removes a moderator).
 */
export function chatActions({ role, userId, ownerId, authorId, moderatorIds }: ChatActionsInput): ChatAction[] {
  if (authorId === userId) return [];
  if (role === 'viewer') return ['report'];
  if (authorId === ownerId) return [];
  const authorModerates = moderatorIds?.has(authorId) ?? false;
  if (role === 'moderator') return authorModerates ? [] : ['delete', 'timeout', 'ban'];
  return ['delete', 'timeout', 'ban', authorModerates ? 'remove_moderator' : 'invite_moderator'];
}
