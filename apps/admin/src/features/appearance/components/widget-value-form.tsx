import { type Widget, widgetValueSchema } from '@backoffice/shared/widget.schema';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../components/notices';
import { ResourceForm } from '../../../components/resource-form';
import { ApiError, isApiError } from '../../../lib/api-client';
import { useUpdateWidgetValue } from '../api/update-widget-value';
import { valueFieldsOf, valueForForm } from './widget-value-fields';

/** The server names the value's fields `value.<key>`; the editor's fields are `<key>`. */
const withoutValuePrefix = (error: unknown) => {
  if (!isApiError(error)) return error;
  const errors = Object.fromEntries(
    Object.entries(error.errors).map(([field, texts]) => [field.replace(/^value\./, ''), texts]),
  );
  return new ApiError(error.status, { message: error.message, code: error.code, errors });
};

/** A widget's content editor, drawn from its settings and checked by the same schema as the server's. */
export const WidgetValueForm = ({
  widget,
  onDone,
  onCancel,
}: {
  widget: Widget;
  onDone?: () => void;
  onCancel?: () => void;
}) => {
  const { t } = useTranslation('appearance');
  const notices = useNotices();
  const update = useUpdateWidgetValue();
  const schema = useMemo(() => widgetValueSchema(widget.settings), [widget.settings]);
  const fields = useMemo(() => valueFieldsOf(widget.settings), [widget.settings]);
  // A form takes its initial values once: a refetch after saving does not reset what is typed.
  const initialValues = useMemo(
    () => valueForForm(widget.settings, widget.value),
    [widget.settings, widget.value],
  );

  if (fields.length === 0) return <Empty description={t('widgets.noFields')} />;
  return (
    <ResourceForm
      id={`widget-value-${widget.id}`}
      schema={schema}
      fields={fields}
      initialValues={initialValues}
      onCancel={onCancel}
      onSubmit={async (value) => {
        try {
          await update.mutateAsync({ id: widget.id, value: value as Record<string, unknown> });
        } catch (error) {
          throw withoutValuePrefix(error);
        }
        notices.updated();
      }}
      onDone={onDone}
    />
  );
};
