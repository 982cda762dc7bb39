import { describe, expect, it } from 'vitest';
import { chatActions } from './chat-actions';

const OWNER = 'owner';
const MOD = 'mod';
const OTHER_MOD = 'mod-2';
const VIEWER = 'viewer';
const moderatorIds = new Set([MOD, OTHER_MOD]);

describe('chatActions', () => {
  it('offers nothing on your own line', () => {
    for (const role of ['owner', 'moderator', 'viewer'] as const) {
      expect(chatActions({ role, userId: VIEWER, ownerId: OWNER, authorId: VIEWER, moderatorIds })).toEqual([]);
    }
  });

  it("lets a viewer report anyone else's line, the owner's included", () => {
    expect(chatActions({ role: 'viewer', userId: VIEWER, ownerId: OWNER, authorId: 'someone' })).toEqual(['report']);
    expect(chatActions({ role: 'viewer', userId: VIEWER, ownerId: OWNER, authorId: OWNER })).toEqual(['report']);
  });

  it('lets the owner delete, time out, ban and appoint, or remove a moderator', () => {
    expect(chatActions({ role: 'owner', userId: OWNER, ownerId: OWNER, authorId: VIEWER, moderatorIds })).toEqual(['delete', 'timeout', 'ban', 'invite_moderator']);
    expect(chatActions({ role: 'owner', userId: OWNER, ownerId: OWNER, authorId: MOD, moderatorIds })).toEqual(['delete', 'timeout', 'ban', 'remove_moderator']);
  });

  it('lets a moderator act on viewers but not on the owner or another moderator', () => {
    expect(chatActions({ role: 'moderator', userId: MOD, ownerId: OWNER, authorId: VIEWER, moderatorIds })).toEqual(['delete', 'timeout', 'ban']);
    expect(chatActions({ role: 'moderator', userId: MOD, ownerId: OWNER, authorId: OWNER, moderatorIds })).toEqual([]);
    expect(chatActions({ role: 'moderator', userId: MOD, ownerId: OWNER, authorId: OTHER_MOD, moderatorIds })).toEqual([]);
  });
});
