import { MENU_TARGETS, MENU_VIEWERS, menuItemFormSchema } from '@backoffice/shared/menu.schema';
import { Alert, Card, Flex, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceForm } from '../../../components/resource-form';
import { LTR } from '../ltr';
import type { DraftItem } from '../menu-draft';

/** A value the form carries and shows but does not let one change. */
const ReadOnly = ({ value, show }: { value?: unknown; show: (value: unknown) => string }) => (
  <Typography.Text>{show(value)}</Typography.Text>
);

type Props = {
  item: DraftItem;
  /** The server's refusals of this item at the last save, by field. */
  errors?: Record<string, string[]>;
  onApply: (values: Partial<DraftItem>) => void;
  onClose: () => void;
  /** Whether the panel holds edits not yet applied to the tree. */
  onDirtyChange: (dirty: boolean) => void;
};

/** Edits one item of the tree in place: every field, the custom data as checked JSON. */
export const ItemEditor = ({ item, errors, onApply, onClose, onDirtyChange }: Props) => {
  const { t } = useTranslation('menus');
  const serverErrors = Object.entries(errors ?? {});
  return (
    <Card
      size="small"
      data-testid="item-editor"
      title={t('structure.editing', { title: item.title })}
      extra={
        <Flex gap={4}>
          <Tag>{t(`types.${item.type}`)}</Tag>
          {item.ref_id !== null ? (
            <Tag>
              {t('structure.refersTo', { type: t(`types.${item.type}`), id: String(item.ref_id) })}
            </Tag>
          ) : null}
        </Flex>
      }
    >
      {serverErrors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={serverErrors.map(([field, texts]) => `${field}: ${texts.join(' ')}`).join(' · ')}
        />
      ) : null}
      <ResourceForm
        // A new item to edit starts a new form.
        key={item.id}
        id={`menu-item-${item.id}`}
        schema={menuItemFormSchema}
        initialValues={{ ...item, type: item.type, ref_id: item.ref_id }}
        submitLabel={t('structure.apply')}
        onCancel={onClose}
        onDirtyChange={onDirtyChange}
        onSubmit={async (values) => {
          onApply({
            title: values.title,
            url: values.url ?? null,
            target: values.target ?? '_self',
            description: values.description ?? null,
            class_name: values.class_name ?? null,
            viewer: values.viewer ?? 'all',
            data: values.data ?? null,
          });
        }}
        onDone={onClose}
        fields={[
          { name: 'title', label: t('fields.itemTitle') },
          {
            name: 'url',
            label: t('fields.url'),
            required: item.type === 'custom',
            // Addresses read left to right in every language.
            input: <Input dir="ltr" style={LTR} placeholder="https://… /… #…" />,
          },
          {
            name: 'target',
            label: t('fields.target'),
            kind: 'select',
            options: MENU_TARGETS.map((value) => ({ value, label: t(`targets.${value}`) })),
          },
          {
            name: 'viewer',
            label: t('fields.viewer'),
            kind: 'select',
            options: MENU_VIEWERS.map((value) => ({ value, label: t(`viewers.${value}`) })),
          },
          { name: 'description', label: t('fields.description'), kind: 'textarea' },
          {
            name: 'class_name',
            label: t('fields.className'),
            input: <Input dir="ltr" style={LTR} placeholder="menu-item is-active" />,
          },
          { name: 'data', label: t('fields.data'), kind: 'json' },
          // The type and the record stay as they were picked; the schema checks them together.
          {
            name: 'type',
            label: t('fields.type'),
            input: <ReadOnly show={(type) => t(`types.${String(type)}`)} />,
          },
          {
            name: 'ref_id',
            label: t('fields.record'),
            input: <ReadOnly show={(id) => (id == null ? '—' : `#${String(id)}`)} />,
          },
        ]}
      />
    </Card>
  );
};
