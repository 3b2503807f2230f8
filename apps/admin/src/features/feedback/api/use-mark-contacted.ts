import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotices } from '../../../components/notices';
import { type Feedback, feedbackApi } from './feedback-api';

/** PATCH /feedback/{id} `{status: 'done'}`: staff have called the sender back. */
export const useMarkContacted = (onDone?: () => void) => {
  const notices = useNotices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (one: Feedback) => feedbackApi.update(one.id, { status: 'done' }),
    onSuccess: async () => {
      notices.updated();
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: feedbackApi.keys.all });
    },
    onError: notices.error,
  });
};
