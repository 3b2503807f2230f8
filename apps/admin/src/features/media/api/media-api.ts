import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mediaKeys } from '../../../components/media-picker/media-data';
import { mediaApi } from '../../../lib/api/media';

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
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
};
