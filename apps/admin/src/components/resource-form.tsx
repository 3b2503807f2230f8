import { Alert, Button, Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../lib/api-client';
import {
  describeField,
  type FieldKind,
  issuesToFieldErrors,
  objectShape,
  serverErrorsToFields,
} from '../lib/zod-form';
import { useNotices } from './notices';
import { useIssueText } from './use-issue-text';

export type FieldOption = { value: string | number; label: string };

export type FormFieldDef = {
  name: string;
  label: string;
  /** Defaults to what the schema says (string → text, number, boolean → switch, enum/literals → select). */
  kind?: FieldKind;
  options?: FieldOption[];
  /** A custom control; Form.Item passes it `value` and `onChange`. */
  input?: ReactNode;
  placeholder?: string;
  help?: string;
  disabled?: boolean;
  /** Marks the field required even if the schema does not say so (or the other way). */
  required?: boolean;
};

export type ResourceFormProps<TSchema extends z.ZodType> = {
  schema: TSchema;
  fields: ReadonlyArray<FormFieldDef>;
  initialValues?: Record<string, unknown>;
  /** Receives the parsed values; a rejected ApiError 422 shows its errors on the fields. */
  onSubmit: (values: z.output<TSchema>) => Promise<unknown>;
  submitLabel?: string;
  onCancel?: () => void;
  /** Called after a successful submit. */
  onDone?: () => void;
  id?: string;
};

const controlFor = (
  kind: FieldKind,
  field: FormFieldDef,
  options: FieldOption[] | undefined,
): ReactNode => {
  switch (kind) {
    case 'textarea':
      return (
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={field.placeholder}
          disabled={field.disabled}
        />
      );
    case 'number':
      return (
        <InputNumber
          style={{ width: '100%' }}
          placeholder={field.placeholder}
          disabled={field.disabled}
        />
      );
    case 'switch':
      return <Switch disabled={field.disabled} />;
    case 'select':
      return (
        <Select
          allowClear
          options={options}
          placeholder={field.placeholder}
          disabled={field.disabled}
        />
      );
    case 'password':
      return (
        <Input.Password
          placeholder={field.placeholder}
          disabled={field.disabled}
          autoComplete="new-password"
        />
      );
    case 'email':
      return (
        <Input
          type="email"
          placeholder={field.placeholder}
          disabled={field.disabled}
          autoComplete="email"
        />
      );
    default:
      return <Input placeholder={field.placeholder} disabled={field.disabled} />;
  }
};

/** A form driven by a shared zod schema; zod's message keys and the server's 422 errors show on their fields. */
export const ResourceForm = <TSchema extends z.ZodType>({
  schema,
  fields,
  initialValues,
  onSubmit,
  submitLabel,
  onCancel,
  onDone,
  id,
}: ResourceFormProps<TSchema>) => {
  const { t } = useTranslation('common');
  const translate = useIssueText();
  const [form] = Form.useForm();
  const notices = useNotices();
  const [submitting, setSubmitting] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const shape = useMemo(() => objectShape(schema), [schema]);

  const validateField = (name: string) => async () => {
    const result = schema.safeParse(form.getFieldsValue(true));
    if (result.success) return;
    const mine = result.error.issues.filter((issue) => String(issue.path[0]) === name);
    if (mine.length > 0) throw new Error(issuesToFieldErrors(mine, translate)[0]?.errors[0]);
  };

  const handleFinish = async () => {
    setOtherErrors([]);
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      form.setFields(issuesToFieldErrors(parsed.error.issues, translate));
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
      onDone?.();
    } catch (error) {
      if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
        const { fields: fieldErrors, other } = serverErrorsToFields(
          error.errors,
          new Set(fields.map((field) => field.name)),
        );
        form.setFields(fieldErrors);
        setOtherErrors(other);
        if (other.length === 0 && fieldErrors.length === 0) notices.error(error);
      } else {
        notices.error(error);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={handleFinish}
      name={id}
      noValidate
    >
      {otherErrors.length > 0 ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={otherErrors.join(' ')} />
      ) : null}
      {fields.map((field) => {
        const described = describeField(shape[field.name]);
        const kind = field.kind ?? described.kind;
        const options =
          field.options ?? described.options?.map((value) => ({ value, label: String(value) }));
        return (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            extra={field.help}
            required={field.required ?? described.required}
            valuePropName={kind === 'switch' ? 'checked' : 'value'}
            rules={[{ validator: validateField(field.name) }]}
            validateTrigger={['onBlur', 'onChange']}
          >
            {field.input ?? controlFor(kind, field, options)}
          </Form.Item>
        );
      })}
      <Flex gap={8} justify="flex-end">
        {onCancel ? <Button onClick={onCancel}>{t('actions.cancel')}</Button> : null}
        <Button type="primary" htmlType="submit" loading={submitting}>
          {submitLabel ?? t('actions.save')}
        </Button>
      </Flex>
    </Form>
  );
};
