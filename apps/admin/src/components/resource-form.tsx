import { slugify } from '@backoffice/shared/slug';
import { Alert, Button, Flex, Form } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../lib/api-client';
import {
  describeField,
  type FormFieldError,
  issuesToFieldErrors,
  objectShape,
  placeFieldErrors,
  serverErrorsToFields,
} from '../lib/zod-form';
import type { FieldPath, FieldValidator, FormFieldDef } from './form-fields/field-def';
import { FormField } from './form-fields/form-field';
import { isInvalidJson } from './form-fields/json-input';
import { useNotices } from './notices';
import { useIssueText } from './use-issue-text';

export type { FormFieldDef } from './form-fields/field-def';
export type { FieldOption } from '../lib/options';

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
  /** Shown below the fields, inside the form: a live preview reads the values with `Form.useWatch`. */
  children?: ReactNode;
  /** Told when the form starts holding edits not yet submitted, and when it stops (submitted or gone). */
  onDirtyChange?: (dirty: boolean) => void;
};

const startsWith = (path: readonly PropertyKey[], prefix: FieldPath) =>
  prefix.every((segment, index) => String(path[index]) === String(segment));

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
  children,
  onDirtyChange,
}: ResourceFormProps<TSchema>) => {
  const { t } = useTranslation('common');
  const translate = useIssueText();
  const [form] = Form.useForm();
  const notices = useNotices();
  const [submitting, setSubmitting] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const shape = useMemo(() => objectShape(schema), [schema]);
  // A form that goes away holds nothing any more.
  const dirtyListener = useRef(onDirtyChange);
  useEffect(() => {
    dirtyListener.current = onDirtyChange;
  });
  useEffect(() => () => dirtyListener.current?.(false), []);
  // A list starts empty rather than missing, so "at least one item" reads as such.
  const startValues = useMemo(() => {
    const lists = fields.filter(
      (field) =>
        (field.kind ?? (field.fields ? 'list' : describeField(shape[field.name]).kind)) === 'list',
    );
    return {
      ...initialValues,
      ...Object.fromEntries(lists.map((field) => [field.name, initialValues?.[field.name] ?? []])),
    };
  }, [fields, shape, initialValues]);

  // Only the fields this form declares (and its schema knows) are checked and sent: the
  // initial values may be a whole record (id, created_at…), and the API refuses unknown fields.
  const formValues = (): Record<string, unknown> => {
    const all = form.getFieldsValue(true) as Record<string, unknown>;
    const known = Object.keys(shape).length > 0;
    return Object.fromEntries(
      fields
        .filter((field) => !known || field.name in shape)
        .filter((field) => all[field.name] !== undefined)
        .map((field) => [field.name, all[field.name]]),
    );
  };

  // Each field checks the whole schema (refinements across fields included) and keeps its issues.
  const validate: FieldValidator = (path, exact) => async (_rule, value) => {
    if (isInvalidJson(value))
      throw new Error(value.at ? t('form.invalidJsonAt', value.at) : t('form.invalidJson'));
    const result = schema.safeParse(formValues());
    if (result.success) return;
    const mine = result.error.issues.filter((issue) =>
      exact ? issue.path.join('.') === path.join('.') : startsWith(issue.path, path),
    );
    if (mine.length > 0) throw new Error(issuesToFieldErrors(mine, translate)[0]?.errors[0]);
  };

  /** The dot paths of the fields on screen (lists and their items' fields included). */
  const shownFields = () => new Set(form.getFieldsError().map((field) => field.name.join('.')));

  const showErrors = (errors: FormFieldError[]) => {
    const { fields: placed, other } = placeFieldErrors(errors, shownFields());
    form.setFields(placed);
    setOtherErrors(other);
  };

  // A slug follows the field it is made from while it was empty and nobody edited it.
  const handleValuesChange = (changed: Record<string, unknown>) => {
    onDirtyChange?.(true);
    for (const field of fields) {
      if (field.kind !== 'slug' || !field.from || !(field.from in changed)) continue;
      if (form.isFieldTouched(field.name) || initialValues?.[field.name]) continue;
      form.setFieldValue(field.name, (field.slugOf ?? slugify)(String(changed[field.from] ?? '')));
    }
  };

  const handleFinish = async () => {
    setOtherErrors([]);
    const parsed = schema.safeParse(formValues());
    if (!parsed.success) {
      showErrors(issuesToFieldErrors(parsed.error.issues, translate));
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
      onDirtyChange?.(false);
      onDone?.();
    } catch (error) {
      if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
        const { fields: fieldErrors, other } = serverErrorsToFields(error.errors, shownFields());
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
      initialValues={startValues}
      onFinish={handleFinish}
      onValuesChange={handleValuesChange}
      name={id}
      noValidate
    >
      {otherErrors.length > 0 ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={otherErrors.join(' ')} />
      ) : null}
      {fields.map((field) => (
        <FormField
          key={field.name}
          field={field}
          schema={shape[field.name]}
          name={field.name}
          path={[field.name]}
          validate={validate}
        />
      ))}
      {children}
      <Flex gap={8} justify="flex-end">
        {onCancel ? <Button onClick={onCancel}>{t('actions.cancel')}</Button> : null}
        <Button type="primary" htmlType="submit" loading={submitting}>
          {submitLabel ?? t('actions.save')}
        </Button>
      </Flex>
    </Form>
  );
};
