import type { MediaUsageAnswer } from '@backoffice/shared/media.schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { mediaKeys } from '../../../components/media-picker/media-data';
import { mediaApi } from '../../../lib/api/media';
import { apiRequest } from '../../../lib/api-client';

export { mediaApi };

export const useRenameMedia = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => mediaApi.update(id, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
};

/** Deletes one or several files: one request per id, all in parallel. */
export const deleteMediaMany = async (ids: readonly number[]) => {
  const results = await Promise.allSettled(ids.map((id) => mediaApi.remove(id)));
  const failed = ids.filter((_, index) => results[index]!.status === 'rejected');
  return { deleted: ids.length - failed.length, failed };
};

export const useDeleteMedia = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMediaMany,
    // The lists only: a deleted file's own answers (where it is used) would be asked again, and
    // answered 404, while its details close.
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaApi.keys.lists() }),
  });
};

/** GET /media/usage/{id}: where the file is shown, asked when its details open (for the delete). */
export const mediaUsageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: mediaApi.keys.itemView(id, 'usage'),
    queryFn: ({ signal }) =>
      apiRequest<MediaUsageAnswer>(`/media/usage/${id}`, { signal }).then((answer) => answer.data),
    // asked again each time the details open: a post may have taken the file meanwhile
    staleTime: 0,
  });
