import { z } from 'zod';
import { multiLine, singleLine } from './text.js';
import { Product } from './products.js';
import { ChatRole, ChatSettings } from './moderation.js';

export const StreamId = z.object({ id: z.uuid('Invalid stream id') });
export type StreamId = z.infer<typeof StreamId>;

export const STREAM_TITLE_MAX_LENGTH = 120;
export const STREAM_DESCRIPTION_MAX_LENGTH = 1000;
export const CHAT_HISTORY_LIMIT = 100;
/** A live stream whose publisher has been gone this long ends itself. */
export const STREAM_ABANDONED_AFTER_MS = 2 * 60 * 1000;

export const LiveStream = z.object({
  id: z.uuid(),
  sellerId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  isLive: z.boolean(),
  viewerCount: z.number().int(),
  startedAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
});
export type LiveStream = z.infer<typeof LiveStream>;
export const LiveStreamList = z.array(LiveStream);

/** GET /api/streams/{id}: the stream, its featured product (so a late joiner sees it) and its seller. */
export const StreamDetail = LiveStream.extend({
  featuredProduct: Product.nullable(),
  seller: z.object({ id: z.uuid(), userId: z.uuid(), storeName: z.string() }),
  chatSettings: ChatSettings,
  /** The caller's part in this store's chat: the stream page shows moderation tools from it. */
  chatRole: ChatRole,
});
export type StreamDetail = z.infer<typeof StreamDetail>;

// SPEC 5: 'Please enter a stream title'. isLive and startedAt from the client are ignored: the server sets them.
export const CreateStreamBody = z.object({
  title: singleLine().min(1, 'Please enter a stream title').max(STREAM_TITLE_MAX_LENGTH, 'Title is too long'),
  description: multiLine().max(STREAM_DESCRIPTION_MAX_LENGTH, 'Description is too long').optional().default(''),
  isLive: z.boolean().optional(),
  startedAt: z.string().optional(),
});
export type CreateStreamBody = z.input<typeof CreateStreamBody>;

// SPEC 7: PATCH {isLive, endedAt}. Only ending is possible; a stream never goes live again.
export const UpdateStreamBody = z.object({
  isLive: z.literal(false, { error: 'A stream can only be ended' }),
  endedAt: z.string().optional(),
});
export type UpdateStreamBody = z.infer<typeof UpdateStreamBody>;

export const ChatMessage = z.object({
  id: z.uuid(),
  streamId: z.uuid(),
  userId: z.uuid(),
  displayName: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;
export const ChatMessageList = z.array(ChatMessage);

/** How the browser reaches the media server for a stream: our embedded SFU or an external WHIP/WHEP one. */
export const MediaEndpoints = z.object({
  mode: z.enum(['embedded', 'external']),
  whipUrl: z.string(),
  whepUrl: z.string(),
  /** Bearer token for an external media server; absent for the embedded one (the session cookie is used). */
  token: z.string().optional(),
  iceServers: z.array(z.object({ urls: z.union([z.string(), z.array(z.string())]) })),
});
export type MediaEndpoints = z.infer<typeof MediaEndpoints>;

/**
 * PATCH …/whep/{session}: what this viewer's session receives. video false: audio only (no video
 * sent at all); dataSaver: the seller's low-bitrate layer when the seller sends one.
 */
export const ViewerDeliveryBody = z
  .object({ video: z.boolean().optional(), dataSaver: z.boolean().optional() })
  .refine((body) => body.video !== undefined || body.dataSaver !== undefined, 'Choose audio only or data saver');
export type ViewerDeliveryBody = z.infer<typeof ViewerDeliveryBody>;

/** POST …/whip and …/whep: the browser's SDP offer, sent as application/sdp. */
export const SdpOffer = z
  .string()
  .min(1, 'Send an SDP offer')
  .max(64 * 1024, 'That SDP offer is too large')
  .refine((sdp) => sdp.startsWith('v=0'), 'Send an SDP offer');
