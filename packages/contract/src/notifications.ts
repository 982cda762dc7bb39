import { z } from 'zod';

/** GET /api/notifications returns the newest this many. */
export const NOTIFICATIONS_LIMIT = 100;

// SPEC 3 notification plus where tapping it leads. `type` is open: unknown types get the default icon.
export const Notification = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;
export const NotificationList = z.array(Notification).max(NOTIFICATIONS_LIMIT);

export const UnreadCount = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const NotificationIdParam = z.object({ id: z.uuid() });
