import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud-page';
import type { FormFieldDef } from '../../../components/resource-form';
import { useFormatters } from '../../../lib/format';
import {
  DISCOUNT_PHASES,
  DISCOUNT_STATUSES,
  DISCOUNT_TYPES,
  type Discount,
  discountFormSchema,
  discountsApi,
  discountUpdateSchema,
} from '../api/discounts-api';
import { TierTags } from '../components/tier-tags';
import { ToneTag } from '../../../components/tone-tag';

// A dark green with white text: antd's green and success tags fail WCAG AA contrast.
const PHASE_TONES = { upcoming: 'info', applying: 'success', expired: 'neutral' } as const;

/** Discounts (/posts/product/discount/:typeID): title, start and end, quantity tiers, status and phase. */
export const DiscountsPage = () => {
  const { t } = useTranslation('commerce');
  const format = useFormatters();
  const statusOptions = DISCOUNT_STATUSES.map((status) => ({
    value: status,
    label: t(`discounts.statuses.${status}`),
  }));
  const phaseOptions = DISCOUNT_PHASES.map((phase) => ({
    value: phase,
    label: t(`discounts.phases.${phase}`),
  }));
  const typeOptions = DISCOUNT_TYPES.map((type) => ({
    value: type,
    label: t(`discounts.types.${type}`),
  }));
  const fields: FormFieldDef[] = [
    { name: 'title', label: t('discounts.fields.title') },
    // The pickers offer only what the rules take: a new discount starts after now, and
    // it ends after it starts.
    {
      name: 'start_at',
      label: t('discounts.fields.start'),
      kind: 'datetime',
      after: () => Date.now(),
    },
    {
      name: 'end_at',
      label: t('discounts.fields.end'),
      kind: 'datetime',
      after: (values) => (typeof values.start_at === 'string' ? values.start_at : null),
    },
    {
      name: 'config',
      label: t('discounts.fields.config'),
      itemLabel: t('discounts.fields.tier'),
      help: t('discounts.configHelp'),
      newItem: { type: 'percent' },
      fields: [
        { name: 'quantity', label: t('discounts.fields.quantity'), kind: 'number' },
        { name: 'discount', label: t('discounts.fields.discount'), kind: 'number' },
        {
          name: 'type',
          label: t('discounts.fields.type'),
          kind: 'select',
          options: typeOptions,
        },
      ],
    },
    {
      name: 'status',
      label: t('discounts.fields.status'),
      kind: 'select',
      options: statusOptions,
    },
  ];

  return (
    <CrudPage<Discount, typeof discountFormSchema, typeof discountUpdateSchema>
      title={t('discounts.title')}
      api={discountsApi}
      rowKey="id"
      exportPath="/discounts/export"
      bulkDelete
      createEffect="prepend"
      defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
      permissions={{
        create: 'discounts.create',
        update: 'discounts.update',
        delete: 'discounts.delete',
      }}
      filters={[
        { name: 'phase', label: t('discounts.fields.phase'), options: phaseOptions },
        { name: 'status', label: t('discounts.fields.status'), options: statusOptions },
      ]}
      columns={[
        {
          key: 'title',
          title: t('discounts.fields.title'),
          sortable: true,
          render: (row) => <Typography.Text strong>{row.title}</Typography.Text>,
        },
        {
          key: 'start_at',
          title: t('discounts.fields.period'),
          sortable: true,
          render: (row) => (
            // bdi: a date reads in its own direction inside a right-to-left page
            <Space direction="vertical" size={0}>
              <bdi>{format.dateTime(row.start_at)}</bdi>
              <Typography.Text type="secondary">
                <bdi>{format.dateTime(row.end_at)}</bdi>
              </Typography.Text>
            </Space>
          ),
        },
        {
          key: 'config',
          title: t('discounts.fields.config'),
          render: (row) => <TierTags tiers={row.config} />,
        },
        {
          key: 'phase',
          title: t('discounts.fields.phase'),
          render: (row) => (
            <ToneTag tone={PHASE_TONES[row.phase]}>{t(`discounts.phases.${row.phase}`)}</ToneTag>
          ),
        },
        {
          key: 'status',
          title: t('discounts.fields.status'),
          sortable: true,
          render: (row) => (
            <ToneTag tone={row.status === 'enable' ? 'success' : 'neutral'}>
              {t(`discounts.statuses.${row.status}`)}
            </ToneTag>
          ),
        },
      ]}
      form={{
        createSchema: discountFormSchema,
        updateSchema: discountUpdateSchema,
        fields,
        // A discount already under way keeps a start in the past.
        editFields: fields.map((field) =>
          field.name === 'start_at' ? { ...field, after: undefined } : field,
        ),
        createDefaults: { status: 'enable', config: [{ type: 'percent' }] },
        toFormValues: (row) => ({
          title: row.title,
          start_at: row.start_at,
          end_at: row.end_at,
          config: row.config,
          status: row.status,
        }),
        createTitle: t('discounts.createTitle'),
        editTitle: t('discounts.editTitle'),
      }}
    />
  );
};
