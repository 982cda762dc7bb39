import { z } from 'zod';
import { multiLine, singleLine } from './text.js';
import { PRODUCT_IMAGE_URL, Product } from './products.js';
import { ChatRole, ChatSettings } from './moderation.js';
import { STREAM_PLANNED_PRODUCTS_MAX } from './constants.js';
import { Language } from './auth.js';

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
  /** An announced show not yet started (isLive false, startedAt null); null for one that went live at once. */
  scheduledFor: z.iso.datetime().nullable(),
  /** Issue 29: the language the show is presented in (one of the ten); the seller's own by default. */
  language: Language,
  /** Where the server knows it (a store's list of shows): the show has a replay to watch. */
  hasReplay: z.boolean().optional(),
  /** The seller's own list (analytics): signed-in people who opened the replay, beside viewerCount (live viewers). */
  replayViews: z.number().int().nonnegative().optional(),
  /** Issue 28, where the server adds it (the live lists): the store's real rating; average null ("New") until reviewed. */
  storeRating: z.object({ average: z.number().nullable(), count: z.number().int() }).optional(),
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
  /** An upcoming show: whether the caller asked to be reminded (issue 13). */
  reminded: z.boolean().optional(),
});
export type StreamDetail = z.infer<typeof StreamDetail>;

// SPEC 5: 'Please enter a stream title'. isLive and startedAt from the client are ignored: the server sets them.
// Issue 13: scheduledFor (5 minutes to 30 days ahead, checked on the server's clock) announces the show
// instead of starting it; recording is on unless switched off; a thumbnail and the products to feature.
export const CreateStreamBody = z.object({
  title: singleLine().min(1, 'Please enter a stream title').max(STREAM_TITLE_MAX_LENGTH, 'Title is too long'),
  description: multiLine().max(STREAM_DESCRIPTION_MAX_LENGTH, 'Description is too long').optional().default(''),
  isLive: z.boolean().optional(),
  startedAt: z.string().optional(),
  scheduledFor: z.iso.datetime({ offset: true, error: 'Choose a date and time for the show' }).optional(),
  thumbnailUrl: z.string().max(300).regex(PRODUCT_IMAGE_URL, 'Upload the photo first').optional(),
  productIds: z.array(z.uuid('Invalid product id')).max(STREAM_PLANNED_PRODUCTS_MAX, 'At most 20 products per show').optional(),
  recording: z.boolean().optional().default(true),
  /** Issue 29: omitted, the seller's own language (their profile's, else English). */
  language: Language.optional(),
});
export type CreateStreamBody = z.input<typeof CreateStreamBody>;

// SPEC 7: PATCH {isLive, endedAt}: false ends a live show; true starts a scheduled one (issue 13).
export const UpdateStreamBody = z.object({
  isLive: z.boolean({ error: 'Say whether the show is live' }),
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
/**
 * embedded: our SFU · external: another WHIP/WHEP server (token) · janus: our endpoints in front of
 * Janus, which makes the offer to viewers: POST an empty body to whepUrl, PATCH the answer (application/sdp).
 */
export const MediaEndpoints = z.object({
  mode: z.enum(['embedded', 'external', 'janus']),
  whipUrl: z.string(),
  whepUrl: z.string(),
  /** Bearer token for an external media server; absent for the embedded one (the session cookie is used). */
  token: z.string().optional(),
  /** STUN/TURN servers for RTCPeerConnection; a TURN server comes with a credential valid for 10 minutes. */
  iceServers: z.array(z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() })),
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

/** POST /api/seller/stream-key: a new key for OBS or Larix (the old one stops working), shown this once. */
export const StreamKey = z.object({ key: z.string(), whipUrl: z.string() });
export type StreamKey = z.infer<typeof StreamKey>;
/** GET /api/seller/stream-key: whether the seller has a key, since when; never the key itself. */
export const StreamKeyStatus = z.object({ createdAt: z.string().nullable(), whipUrl: z.string() });
export type StreamKeyStatus = z.infer<typeof StreamKeyStatus>;

/** POST …/whip and …/whep: the browser's SDP offer, sent as application/sdp. */
export const SdpOffer = z
  .string()
  .min(1, 'Send an SDP offer')
  .max(64 * 1024, 'That SDP offer is too large')
  .refine((sdp) => sdp.startsWith('v=0'), 'Send an SDP offer');
/** PATCH …/whep/{session} as application/sdp: the viewer's answer to the server's offer (MEDIA_MODE=janus). */
export const SdpAnswer = z
  .string()
  .min(1, 'Send an SDP answer')
  .max(64 * 1024, 'Send an SDP answer')
  .refine((sdp) => sdp.startsWith('v=0'), 'Send an SDP answer');
