import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/messages/{messageId}/reports: any signed-in viewer but its author; reporting twice is harmless. */
export async function reportMessage({ messageId }: { messageId: string }): Promise<void> {
  await apiRequest('POST', `/api/messages/${messageId}/reports`);
}

export function useReportMessage({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: reportMessage, onSuccess, onError });
}
