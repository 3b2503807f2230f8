import type { DataField } from '@backoffice/shared/data-field.schema';
import { Card, Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataFieldInput } from '../../../components/data-field/data-field-input';

/** The field being edited, as the post editor will show it (read from the form as one types). */
export const FieldPreview = () => {
  const { t } = useTranslation('content');
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as Partial<DataField> | undefined;
  const style = values?.style;
  // A value typed for one shape (one choice) does not fit another (several): it starts over.
  const shape = `${style}:${Boolean(values?.has_option)}:${Boolean(values?.has_children)}`;
  const [typed, setTyped] = useState<{ shape: string; value: unknown }>({
    shape,
    value: undefined,
  });
  const value = typed.shape === shape ? typed.value : undefined;
  // Whether items are needed depends on the style: a shown "add an item" error follows it.
  useEffect(() => {
    if (form.getFieldError('data').length > 0)
      void form.validateFields(['data']).catch(() => undefined);
  }, [form, style]);
  const field = {
    key: values?.key ?? '',
    title: values?.title || t('dataFields.preview'),
    style: values?.style ?? 'text',
    data: (values?.data ?? []).filter((item) => item?.value),
    api: values?.api?.path ? values.api : null,
    has_option: Boolean(values?.has_option),
    has_children: Boolean(values?.has_children),
  };
  return (
    <Card
      size="small"
      title={t('dataFields.preview')}
      style={{ marginTop: 16 }}
      data-testid="field-preview"
    >
      <Typography.Text strong>{field.title}</Typography.Text>
      <div style={{ marginTop: 8 }}>
        <DataFieldInput
          field={field}
          value={value}
          onChange={(next) => setTyped({ shape, value: next })}
        />
      </div>
    </Card>
  );
};
