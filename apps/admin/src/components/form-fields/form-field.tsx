import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Card, Col, Flex, Form, Row, Space, Tooltip, Typography } from 'antd';
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
  /** The list item it sits in: its title, and whether items are one line of controls (`rows`). */
  item?: ListItem;
};

type ListItem = { title: string; row: boolean };

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

const VisibleField = ({ field, schema, name, path, validate, item }: FormFieldProps) => {
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
        item={item}
        required={field.required ?? described.required}
      />
    );
  const options =
    field.options ?? described.options?.map((value) => ({ value, label: String(value) }));
  // Inside an item its name says which item; a row shows no label, so the control carries it.
  const named = item ? `${item.title}: ${field.label}` : field.label;
  const input = typeof field.input === 'function' ? field.input({ label: named }) : field.input;
  return (
    <Form.Item
      name={name}
      label={item?.row ? undefined : field.label}
      extra={field.help}
      required={field.required ?? described.required}
      rules={[{ validator: validate(path, false) }]}
      validateTrigger={['onBlur', 'onChange']}
      {...(input ? itemPropsFor(kind === 'switch' ? 'switch' : 'text') : itemPropsFor(kind))}
    >
      {input ?? (
        <FieldControl
          kind={kind}
          field={field}
          options={options}
          {...(item?.row ? { 'aria-label': named } : {})}
        />
      )}
    </Form.Item>
  );
};

/**
 * A nested array (`Form.List`): each item a card of its own fields (or one line of them), moved
 * up or down and removed with buttons (reachable by keyboard); a list's own issues (too few
 * items…) show under it. In a list's item, its items' titles follow the item's ("Chapter 1 ·
 * Lesson 2"), so that the buttons of two chapters' second lessons differ.
 */
const ListField = ({
  field,
  schema,
  name,
  path,
  validate,
  item: outer,
  required,
}: FormFieldProps & { required: boolean }) => {
  const { t } = useTranslation('common');
  const itemShape = listItemShape(schema);
  const row = field.layout === 'rows';
  const ownTitle = (index: number) =>
    field.itemTitle
      ? field.itemTitle(index + 1)
      : field.itemLabel
        ? `${field.itemLabel} ${index + 1}`
        : t('form.item', { index: index + 1 });
  const titleOf = (index: number) =>
    outer ? `${outer.title} · ${ownTitle(index)}` : ownTitle(index);
  // Declared titles name the item in the buttons; otherwise its number does.
  const buttonWords = (index: number) =>
    field.itemTitle
      ? {
          up: t('form.moveNamedUp', { item: titleOf(index) }),
          down: t('form.moveNamedDown', { item: titleOf(index) }),
          remove: t('form.removeNamed', { item: titleOf(index) }),
        }
      : {
          up: t('form.moveItemUp', { index: index + 1 }),
          down: t('form.moveItemDown', { index: index + 1 }),
          remove: t('form.removeItem', { index: index + 1 }),
        };
  return (
    <Form.Item label={field.label || undefined} required={required} extra={field.help}>
      <Form.List name={name} rules={[{ validator: validate(path, true) }]}>
        {(items, { add, remove, move }, { errors }) => (
          <Flex
            vertical
            gap={12}
            role="group"
            aria-label={field.label || undefined}
            data-list-field={path.join('.')}
          >
            {items.map((entry, index) => {
              const words = buttonWords(index);
              const buttons = (
                <Space size={4}>
                  <Tooltip title={words.up}>
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={words.up}
                      disabled={index === 0 || field.disabled}
                      onClick={() => move(index, index - 1)}
                    />
                  </Tooltip>
                  <Tooltip title={words.down}>
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={words.down}
                      disabled={index === items.length - 1 || field.disabled}
                      onClick={() => move(index, index + 1)}
                    />
                  </Tooltip>
                  <Tooltip title={words.remove}>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={words.remove}
                      disabled={field.disabled}
                      onClick={() => remove(index)}
                    />
                  </Tooltip>
                </Space>
              );
              const item = { title: titleOf(index), row };
              const fieldOf = (sub: FormFieldDef) => (
                <FormField
                  key={sub.name}
                  field={sub}
                  schema={itemShape[sub.name]}
                  name={[entry.name, sub.name]}
                  path={[...path, entry.name, sub.name]}
                  validate={validate}
                  item={item}
                />
              );
              return row ? (
                <Flex key={entry.key} gap={8} align="start">
                  {(field.fields ?? []).map((sub) => (
                    <div key={sub.name} style={{ flex: 1, minWidth: 0 }}>
                      {fieldOf(sub)}
                    </div>
                  ))}
                  {buttons}
                </Flex>
              ) : (
                <Card key={entry.key} size="small" title={item.title} extra={buttons}>
                  <Row gutter={8}>
                    {(field.fields ?? []).map((sub) => (
                      <Col key={sub.name} xs={24} md={sub.half ? 12 : 24}>
                        {fieldOf(sub)}
                      </Col>
                    ))}
                  </Row>
                </Card>
              );
            })}
            {items.length === 0 ? (
              <Typography.Text type="secondary">{t('form.noItems')}</Typography.Text>
            ) : null}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={field.disabled}
              onClick={() => add(structuredClone(field.newItem ?? {}))}
            >
              {field.addLabel ??
                (field.itemLabel ? `${t('form.addItem')}: ${field.itemLabel}` : t('form.addItem'))}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
};
