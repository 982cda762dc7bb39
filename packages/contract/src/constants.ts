// Business constants quoted from SPEC section 9. The web app and the server both read them from here.

export const UNAUTHORIZED_REDIRECT_MS = 500;
export const PRODUCT_SESSION_EXPIRED_REDIRECT_MS = 2000;
export const STREAM_END_OWNER_REDIRECT_MS = 1000;
export const STREAM_END_VIEWER_REDIRECT_MS = 2000;

export const DEFAULT_LANGUAGE = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';
export const COPYRIGHT_YEAR = 2025;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export const ENGAGEMENT_REFRESH_MS = 2000;
export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 6;
export const POLL_MIN_DURATION_SECONDS = 30;
export const POLL_MAX_DURATION_SECONDS = 600;
export const POLL_DEFAULT_DURATION_SECONDS = 60;

export const QUIZ_SECONDS_PER_QUESTION = 30;
export const QUIZ_WARNING_SECONDS = 10;
export const QUIZ_OPTIONS_PER_QUESTION = 4;
export const QUIZ_MIN_POINTS = 1;
export const QUIZ_MAX_POINTS = 100;
export const QUIZ_DEFAULT_POINTS = 10;

export const COIN_STARTING_BALANCE = 1000;
export const COIN_LOW_BALANCE = 10;
export const RECENT_GIFTS_KEPT = 10;
export const RECENT_GIFTS_SHOWN = 20;
export const GIFT_OVERLAY_MS = 3000;

export const DASHBOARD_PRODUCT_LIMIT = 5;
export const TOP_STREAMS_LIMIT = 5;
export const SKELETON_CARD_COUNT = 3;

export const ORDER_ID_DISPLAY_LENGTH = 8;
export const ORDER_DATE_FORMAT = 'MMM dd, yyyy';

export const PAN_LENGTH = 10;
export const BUSINESS_PHONE_MIN_LENGTH = 10;
export const DEFAULT_STORE_CATEGORY_LABEL = 'General Store';
export const DEFAULT_VERIFICATION_LEVEL = 'basic';

// Plain values the web needs on the stream page, kept here (no zod) so importing them loads no schemas.
export const CHAT_MESSAGE_MAX_LENGTH = 500;
/** Players shown in the quiz_ended leaderboard. */
export const QUIZ_LEADERBOARD_SIZE = 10;
export const INSUFFICIENT_COINS_MESSAGE = "You don't have enough coins to send this gift";

export const GIFTS = [
  { id: 'heart', name: 'Heart', price: 1, animation: 'float', rarity: 'common' },
  { id: 'star', name: 'Star', price: 5, animation: 'sparkle', rarity: 'common' },
  { id: 'coffee', name: 'Coffee', price: 10, animation: 'steam', rarity: 'rare' },
  { id: 'fire', name: 'Fire', price: 25, animation: 'blaze', rarity: 'rare' },
  { id: 'diamond', name: 'Diamond', price: 50, animation: 'shine', rarity: 'epic' },
  { id: 'crown', name: 'Crown', price: 100, animation: 'royal', rarity: 'legendary' },
] as const;
export type GiftId = (typeof GIFTS)[number]['id'];

/** WebSocket close code of a socket whose session ended (signed out): the client does not reconnect under it. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * Open sockets one account may hold on one server instance; a newer one closes the oldest with
 * SOCKET_LIMIT_CLOSE_CODE (an abandoned tab, most likely), which does not reconnect by itself.
 */
export const SOCKETS_PER_USER = 10;
export const SOCKET_LIMIT_CLOSE_CODE = 4429;

/** The server-rendered page's data for hydration: a JSON script element with this id (decision 020). */
export const SSR_STATE_ID = 'lm-state';
/** `queries` is TanStack Query's dehydrated cache; `language` the language the HTML was rendered in. */
export type SsrState = { queries: unknown; language: string };

// Moderation (issue 12), kept out of moderation.ts so the web's moderation menus load them without zod.
/** A timeout lasts one of these many minutes; without minutes a ban lasts until lifted. */
export const TIMEOUT_MINUTES = [1, 5, 10, 60] as const;
/** Slow mode: seconds between one person's messages (0 is off). */
export const SLOW_MODE_SECONDS = [0, 3, 5, 10, 30] as const;
/** A seller's own filtered words, on top of the default list. */
export const SELLER_KEYWORDS_MAX = 200;
export const KEYWORD_MAX_LENGTH = 50;

// Issue 13: scheduled shows, reminders, replays.
export const SCHEDULE_MIN_LEAD_MINUTES = 5;
export const SCHEDULE_MAX_LEAD_DAYS = 30;
export const STREAM_PLANNED_PRODUCTS_MAX = 20;
/** Reminded users hear of a show this many minutes before it starts (and again when it goes live). */
export const REMINDER_LEAD_MINUTES = [60, 5] as const;
export const UPCOMING_STREAMS_LIMIT = 50;
/** The replay carries at most this many chat lines, oldest first. */
export const REPLAY_CHAT_LIMIT = 2000;
export const RECORDING_RETENTION_DAYS_DEFAULT = 90;
