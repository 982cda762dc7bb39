import { z } from 'zod';
import { IndianMobile } from './auth.js';
import { singleLine } from './text.js';
import { KEYWORD_MAX_LENGTH, SELLER_KEYWORDS_MAX, SLOW_MODE_SECONDS, TIMEOUT_MINUTES } from './constants.js';


// Issue 12: safe shows. Paths, event names and codes here are relied on by other clients and tests.

export const MessageIdParam = z.object({ messageId: z.uuid('Invalid message id') });
export const SellerUserParam = z.object({ sellerId: z.uuid('Invalid seller id'), userId: z.uuid('Invalid user id') });

/**
 * POST /api/sellers/{sellerId}/moderators: the owner invites someone, by user id (from a chat message) or
 * by a phone number. Nobody becomes a moderator until they accept (issue 25, decision 035).
 */
export const AddModeratorBody = z.union([z.object({ userId: z.uuid('Invalid user id') }), z.object({ phone: IndianMobile })], {
  error: 'Choose someone from the chat or enter their phone number',
});
export type AddModeratorBody = z.infer<typeof AddModeratorBody>;

/** An invitation is open this long; after that it is gone for both sides. */
export const MODERATOR_INVITATION_DAYS = 7;
/** At most this many invitations of one store wait for an answer at once. */
export const MODERATOR_INVITATIONS_PENDING_MAX = 10;
/** At most this many invitations a store sends in 24 hours (cancelled and declined ones count). */
export const MODERATOR_INVITATIONS_PER_DAY = 20;

export const InvitationIdParam = z.object({ invitationId: z.uuid('Invalid invitation id') });
export const SellerInvitationParam = z.object({ sellerId: z.uuid('Invalid seller id'), invitationId: z.uuid('Invalid invitation id') });

/**
 * A pending invitation as its store's owner sees it: 201 from POST …/moderators (the same shape and
 * status whether or not the number has an account), and GET …/moderator-invitations.
 */
export const ModeratorInvitation = z.object({
  id: z.uuid(),
  /** The number the owner typed (+91 and ten digits); null for an invitation sent from the chat. */
  phone: z.string().nullable(),
  /** Only for an invitation sent from the chat (the name the chat showed); never for a phone number. */
  displayName: z.string().nullable(),
  invitedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type ModeratorInvitation = z.infer<typeof ModeratorInvitation>;
export const ModeratorInvitationList = z.array(ModeratorInvitation);

/** GET /api/moderator-invitations: one the signed-in person may accept or decline. */
export const MyModeratorInvitation = z.object({
  id: z.uuid(),
  sellerId: z.uuid(),
  storeName: z.string(),
  invitedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type MyModeratorInvitation = z.infer<typeof MyModeratorInvitation>;
export const MyModeratorInvitationList = z.array(MyModeratorInvitation);

/** POST /api/moderator-invitations/{invitationId}/accept: the caller now moderates the store. */
export const InvitationAccepted = z.object({ id: z.uuid(), sellerId: z.uuid(), storeName: z.string(), role: z.literal('moderator') });
export type InvitationAccepted = z.infer<typeof InvitationAccepted>;
/** POST …/decline, and the owner's DELETE …/moderator-invitations/{invitationId}. */
export const InvitationRemoved = z.object({ id: z.uuid(), removed: z.literal(true) });
export type InvitationRemoved = z.infer<typeof InvitationRemoved>;

export const Moderator = z.object({
  userId: z.uuid(),
  displayName: z.string(),
  /** The last four digits of their phone, so the owner can tell two "Rahul"s apart; null for e-mail accounts. */
  phoneEnding: z.string().nullable(),
  addedAt: z.iso.datetime(),
});
export type Moderator = z.infer<typeof Moderator>;
export const ModeratorList = z.array(Moderator);

export const BanBody = z.object({
  userId: z.uuid('Invalid user id'),
  /** A timeout of this many minutes; absent: a ban until lifted. */
  minutes: z
    .number()
    .int()
    .refine((m) => (TIMEOUT_MINUTES as readonly number[]).includes(m), 'A timeout is 1, 5, 10 or 60 minutes')
    .optional(),
});
export type BanBody = z.infer<typeof BanBody>;

export const Ban = z.object({
  userId: z.uuid(),
  displayName: z.string(),
  /** null: banned until lifted; otherwise a timeout ending then. */
  until: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  byName: z.string(),
  /** Whether the caller may lift it: the owner any ban, a moderator only one they set (issue 25). */
  canLift: z.boolean(),
});
export type Ban = z.infer<typeof Ban>;
export const BanList = z.array(Ban);

export const ChatSettings = z.object({
  slowModeSeconds: z
    .number()
    .int()
    .refine((s) => (SLOW_MODE_SECONDS as readonly number[]).includes(s), 'Slow mode is off, 3, 5, 10 or 30 seconds'),
  followersOnly: z.boolean(),
  linksAllowed: z.boolean(),
});
export type ChatSettings = z.infer<typeof ChatSettings>;
export const DEFAULT_CHAT_SETTINGS: ChatSettings = { slowModeSeconds: 0, followersOnly: false, linksAllowed: false };
/** PATCH …/chat-settings: any of the three; the rest stay. */
export const ChatSettingsPatch = ChatSettings.partial().refine((b) => Object.keys(b).length > 0, 'Change at least one chat setting');
export type ChatSettingsPatch = z.infer<typeof ChatSettingsPatch>;

export const CHAT_ERROR_CODES = ['muted', 'banned', 'slow_mode', 'followers_only', 'link_blocked', 'held'] as const;
export const ChatErrorCode = z.enum(CHAT_ERROR_CODES);
export type ChatErrorCode = z.infer<typeof ChatErrorCode>;

export const ChatKeywords = z.object({
  words: z
    .array(singleLine().min(1, 'A keyword cannot be empty').max(KEYWORD_MAX_LENGTH, `A keyword is at most ${KEYWORD_MAX_LENGTH} characters`))
    .max(SELLER_KEYWORDS_MAX, `At most ${SELLER_KEYWORDS_MAX} keywords`),
});
export type ChatKeywords = z.infer<typeof ChatKeywords>;

export const ReportReply = z.object({ messageId: z.uuid(), reported: z.literal(true) });
export type ReportReply = z.infer<typeof ReportReply>;

/** A reported message on the owner's and moderators' panel, most reported first. */
export const ReportedMessage = z.object({
  messageId: z.uuid(),
  userId: z.uuid(),
  displayName: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
  reports: z.number().int().positive(),
});
export type ReportedMessage = z.infer<typeof ReportedMessage>;
export const ReportedMessageList = z.array(ReportedMessage);

export const MODERATION_ACTIONS = [
  'moderator_added',
  'moderator_removed',
  'message_deleted',
  'timeout',
  'ban',
  'unban',
  'chat_settings',
  'keywords',
] as const;
export const ModerationAction = z.enum(MODERATION_ACTIONS);
export type ModerationAction = z.infer<typeof ModerationAction>;

export const ModerationLogEntry = z.object({
  id: z.uuid(),
  action: ModerationAction,
  actorName: z.string(),
  targetName: z.string().nullable(),
  /** What was acted on: a deleted message's text, a timeout's minutes, the new settings. */
  detail: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntry>;
export const ModerationLog = z.array(ModerationLogEntry);

/** What the caller may do in a stream's chat: the stream page shows the tools from this. */
export const ChatRole = z.enum(['owner', 'moderator', 'viewer']);
export type ChatRole = z.infer<typeof ChatRole>;
