import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/me/delete {confirm: true}: 409 says what to settle first (the server's words, in the user's language). */
export function useDeleteAccount({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: async () => void (await apiRequest('POST', '/api/me/delete', { confirm: true })), onSuccess, onError });
}
