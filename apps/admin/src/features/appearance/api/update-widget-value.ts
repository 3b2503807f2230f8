import type { Widget, WidgetValue } from '@backoffice/shared/widget.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';
import { widgetsApi } from './widgets-api';

/** PATCH /widgets/{id}/value: only the widget's content, checked against its settings. */
export const updateWidgetValue = ({ id, value }: { id: number; value: WidgetValue }) =>
  apiRequest<ItemResponse<Widget>>(`/widgets/${id}/value`, {
    method: 'PATCH',
    body: { value },
  }).then((response) => response.data);

/**
 * Saving a widget's content: pending while the request runs, then the success or the
 * failure with the server's messages (`error`), cleared by `reset`; the cached widget takes
 * the answer at once and the lists refetch.
 */
export const useUpdateWidgetValue = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWidgetValue,
    onSuccess: (widget) => queryClient.setQueryData(widgetsApi.keys.item(widget.id), widget),
    onSettled: () => queryClient.invalidateQueries({ queryKey: widgetsApi.keys.lists() }),
  });
};
