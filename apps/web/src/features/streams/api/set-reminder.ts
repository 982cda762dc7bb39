import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderState, UpcomingStream } from '@live-market/contract/shows';
import type { StreamDetail } from '@live-market/contract/streams';
import { apiRequest } from '@/lib/api-client';
import { getStreamQueryOptions, STREAMS_URL } from './get-stream';
import { UPCOMING_STREAMS_KEY } from './get-upcoming-streams';

export type SetReminderInput = { streamId: string; remind: boolean };

/** POST (remind me) or DELETE (no longer) /api/streams/{id}/reminders: both answer {reminded}. */
export async function setReminder({ streamId, remind }: SetReminderInput): Promise<ReminderState> {
  const res = await apiRequest(remind ? 'POST' : 'DELETE', `${STREAMS_URL}/${streamId}/reminders`);
  return (await res.json()) as ReminderState;
}

type UseSetReminderOptions = {
  onSuccess?: (state: ReminderState, input: SetReminderInput) => void;
  onError?: (error: Error) => void;
};

const markReminded = (streamId: string, reminded: boolean) => (list: UpcomingStream[] | undefined) =>
  list?.map((show) => (show.id === streamId ? { ...show, reminded } : show));

/** The upcoming list shows the new state at once (a tap on a slow link answers itself), and the server's answer settles it. */
export function useSetReminder({ onSuccess, onError }: UseSetReminderOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReminder,
    onMutate: async ({ streamId, remind }) => {
      await queryClient.cancelQueries({ queryKey: UPCOMING_STREAMS_KEY });
      queryClient.setQueryData<UpcomingStream[]>(UPCOMING_STREAMS_KEY, markReminded(streamId, remind));
    },
    onSuccess: (state, input) => {
      queryClient.setQueryData<UpcomingStream[]>(UPCOMING_STREAMS_KEY, markReminded(input.streamId, state.reminded));
      queryClient.setQueryData<StreamDetail>(getStreamQueryOptions(input.streamId).queryKey, (detail) => (detail ? { ...detail, reminded: state.reminded } : detail));
      onSuccess?.(state, input);
    },
    onError: (error, { streamId, remind }) => {
      queryClient.setQueryData<UpcomingStream[]>(UPCOMING_STREAMS_KEY, markReminded(streamId, !remind));
      onError?.(error);
    },
  });
}
