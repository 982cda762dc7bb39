import { useMutation } from '@tanstack/react-query';
import type { ChatSettings, ChatSettingsPatch } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/streams/{id}/chat-settings: any of slow mode, followers-only and links; the room hears chat_settings_update. */
export async function updateChatSettings({ streamId, patch }: { streamId: string; patch: ChatSettingsPatch }): Promise<ChatSettings> {
  const res = await apiRequest('PATCH', `/api/streams/${streamId}/chat-settings`, patch);
  return (await res.json()) as ChatSettings;
}

export function useUpdateChatSettings({ onSuccess, onError }: { onSuccess?: (settings: ChatSettings) => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: updateChatSettings, onSuccess, onError });
}
