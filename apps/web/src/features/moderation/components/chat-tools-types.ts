import type { ChatRole, ChatSettings } from '@live-market/contract/moderation';

// The chat tools' shared types, in a module of their own so the button, its sheet and the reports
// panel all import from here and never from each other.

export type ChatToolsTab = 'reports' | 'settings';

export type ChatToolsProps = {
  streamId: string;
  sellerId: string;
  ownerId: string;
  userId: string;
  role: ChatRole;
  settings: ChatSettings;
  /** The saved settings, for the page to show at once (the room's chat_settings_update follows). */
  onSettingsSaved: (settings: ChatSettings) => void;
};
