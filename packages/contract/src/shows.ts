import { z } from 'zod';
import { ChatMessage, LiveStream } from './streams.js';
import { Product } from './products.js';
import { isPushAuthSecret, isPushPublicKey, pushEndpointHref } from './push-subscription.js';
import { singleLine } from './text.js';

// Issue 13: upcoming shows, reminders, Web Push and shoppable replays.

/** GET /api/streams/upcoming: soonest first, with the store and whether the caller asked to be reminded. */
export const UpcomingStream = LiveStream.extend({
  scheduledFor: z.iso.datetime(),
  storeName: z.string(),
  reminded: z.boolean(),
  featuredProducts: z.array(Product),
});
export type UpcomingStream = z.infer<typeof UpcomingStream>;
export const UpcomingStreamList = z.array(UpcomingStream);

export const ReminderState = z.object({ reminded: z.boolean() });
export type ReminderState = z.infer<typeof ReminderState>;

/** GET /api/push/public-key: the VAPID key the browser subscribes with. */
export const PushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKey>;

// Re-serialised, so what is stored, compared on unsubscribe and sent to is one string that every URL
// parser reads the same way (issue 25).
const pushEndpoint = singleLine()
  .max(2048, 'Invalid push endpoint')
  .refine((v) => pushEndpointHref(v) !== null, 'Invalid push endpoint')
  .transform((v) => pushEndpointHref(v)!);

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const PushSubscriptionBody = z.object({
  endpoint: pushEndpoint,
  keys: z.object({
    p256dh: singleLine().refine(isPushPublicKey, 'Invalid push subscription keys'),
    auth: singleLine().refine(isPushAuthSecret, 'Invalid push subscription keys'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** DELETE /api/push/subscriptions: which of the caller's browsers stops receiving pushes. */
export const PushUnsubscribeBody = z.object({ endpoint: pushEndpoint });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

/** What a push carries; the service worker shows it and opens `link` on tap. */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayload>;

export const ReplayFeatured = z.object({ atSeconds: z.number().nonnegative(), product: Product });
export type ReplayFeatured = z.infer<typeof ReplayFeatured>;

export const ReplayChatLine = z.object({ atSeconds: z.number().nonnegative(), message: ChatMessage });
export type ReplayChatLine = z.infer<typeof ReplayChatLine>;

/** GET /api/streams/{id}/replay (404 when there is none). */
export const Replay = z.object({
  videoUrl: z.string(),
  durationSeconds: z.number().nonnegative(),
  /** Each product featured during the show, at the moment it was featured (seconds into the video). */
  featured: z.array(ReplayFeatured),
  chapters: z.array(z.object({ atSeconds: z.number().nonnegative(), title: z.string() })).optional(),
  /** The show's chat, each line at its moment, oldest first. */
  chat: z.array(ReplayChatLine),
  startedAt: z.iso.datetime(),
});
export type Replay = z.infer<typeof Replay>;
