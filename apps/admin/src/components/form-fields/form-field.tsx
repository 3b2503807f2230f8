import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Form, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { describeField, listItemShape } from '../../lib/zod-form';
import { FieldControl, itemPropsFor } from './field-control';
import type { FieldPath, FieldValidator, FormFieldDef } from './field-def';

type FormFieldProps = {
  field: FormFieldDef;
  /** The zod schema of this field (from the form's schema), for its kind and required mark. */
  schema: z.ZodType | undefined;
  /** Its name where it sits: `'title'`, or `[index, 'quantity']` inside a list. */
  name: string | Array<string | number>;
  /** Its whole path in the form values: `['config', 1, 'quantity']`. */
  path: FieldPath;
  validate: FieldValidator;
};

/** One declared field: a control in a Form.Item, or a list of items with their own fields. */
export const FormField = (props: FormFieldProps) => {
  const { visible } = props.field;
  if (!visible) return <VisibleField {...props} />;
  return (
    <Form.Item noStyle shouldUpdate>
      {(form) =>
        visible(form.getFieldsValue(true) as Record<string, unknown>) ? (
          <VisibleField {...props} />
        ) : null
      }
    </Form.Item>
  );
};

const VisibleField = ({ field, schema, name, path, validate }: FormFieldProps) => {
  const described = describeField(schema);
  const kind = field.kind ?? (field.fields ? 'list' : described.kind);
  // A custom control takes the whole value, even an array of objects (a post type's features).
  if (kind === 'list' && !field.input)
    return (
      <ListField
        field={field}
        schema={schema}
        name={name}
        path={path}
        validate={validate}
        required={field.required ?? described.required}
      />
    );
  const options =
    field.options ?? described.options?.map((value) => ({ value, label: String(value) }));
  return (
    <Form.Item
      name={name}
      label={field.label}
      extra={field.help}
      required={field.required ?? described.required}
      rules={[{ validator: validate(path, false) }]}
      validateTrigger={['onBlur', 'onChange']}
      {...(field.input ? itemPropsFor(kind === 'switch' ? 'switch' : 'text') : itemPropsFor(kind))}
    >
      {field.input ?? <FieldControl kind={kind} field={field} options={options} />}
    </Form.Item>
  );
};

/**
 * A nested array (`Form.List`): each item a card of its own fields, moved up or down and removed
 * with buttons (reachable by keyboard); a list's own issues (too few items…) show under it.
 */
const ListField = ({
  field,
  schema,
  name,
  path,
  validate,
  required,
}: FormFieldProps & { required: boolean }) => {
  const { t } = useTranslation('common');
  const itemShape = listItemShape(schema);
  const titleOf = (index: number) =>
    field.itemLabel ? `${field.itemLabel} ${index + 1}` : t('form.item', { index: index + 1 });
  return (
    <Form.Item label={field.label} required={required} extra={field.help}>
      <Form.List name={name} rules={[{ validator: validate(path, true) }]}>
        {(items, { add, remove, move }, { errors }) => (
          <Flex
            vertical
            gap={12}
            role="group"
            aria-label={field.label}
            data-list-field={path.join('.')}
          >
            {items.map((item, index) => (
              <Card
                key={item.key}
                size="small"
                title={titleOf(index)}
                extra={
                  <Space size={4}>
                    <Tooltip title={t('form.moveItemUp', { index: index + 1 })}>
                      <Button
                        size="small"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('form.moveItemUp', { index: index + 1 })}
                        disabled={index === 0 || field.disabled}
                        onClick={() => move(index, index - 1)}
                      />
                    </Tooltip>
                    <Tooltip title={t('form.moveItemDown', { index: index + 1 })}>
                      <Button
                        size="small"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('form.moveItemDown', { index: index + 1 })}
                        disabled={index === items.length - 1 || field.disabled}
                        onClick={() => move(index, index + 1)}
                      />
                    </Tooltip>
                    <Tooltip title={t('form.removeItem', { index: index + 1 })}>
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('form.removeItem', { index: index + 1 })}
                        disabled={field.disabled}
                        onClick={() => remove(index)}
                      />
                    </Tooltip>
                  </Space>
                }
              >
                {(field.fields ?? []).map((sub) => (
                  <FormField
                    key={sub.name}
                    field={sub}
                    schema={itemShape[sub.name]}
                    name={[item.name, sub.name]}
                    path={[...path, item.name, sub.name]}
                    validate={validate}
                  />
                ))}
              </Card>
            ))}
            {items.length === 0 ? (
              <Typography.Text type="secondary">{t('form.noItems')}</Typography.Text>
            ) : null}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={field.disabled}
              onClick={() => add(structuredClone(field.newItem ?? {}))}
            >
              {field.itemLabel ? `${t('form.addItem')}: ${field.itemLabel}` : t('form.addItem')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
};
