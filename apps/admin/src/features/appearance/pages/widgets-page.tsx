import { FileTextOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrudPage } from '../../../components/crud-page';
import { FormDrawer } from '../../../components/form-drawer';
import { useFormatters } from '../../../lib/format';
import { usePermissions } from '../../../lib/profile';
import {
  type Widget,
  widgetCreateSchema,
  widgetsApi,
  widgetUpdateSchema,
} from '../api/widgets-api';
import { SettingsSummary } from '../components/settings-summary';
import { WidgetGroupInput } from '../components/widget-group-input';
import { WidgetSectionsInput } from '../components/widget-sections-input';
import { WidgetSettingsInput } from '../components/widget-settings-input';
import { WidgetValueForm } from '../components/widget-value-form';
import { Thumbnail } from '../../../components/thumbnail';

/** Widgets (/widgets, /widgets/manager): the widgets themselves, and each one's content. */
export const WidgetsPage = () => {
  const { t } = useTranslation('appearance');
  const format = useFormatters();
  const { can } = usePermissions();
  const [editingValue, setEditingValue] = useState<Widget | null>(null);

  const fields = [
    { name: 'title', label: t('widgets.fields.title') },
    {
      name: 'key',
      label: t('widgets.fields.key'),
      kind: 'slug' as const,
      from: 'title',
      help: t('keyFromTitleHelp'),
      placeholder: 'hotline-box',
    },
    { name: 'icon', label: t('widgets.fields.icon'), kind: 'media' as const, mediaType: 'image' },
    { name: 'group', label: t('widgets.fields.group'), input: <WidgetGroupInput /> },
    { name: 'description', label: t('widgets.fields.description'), kind: 'textarea' as const },
    {
      name: 'type',
      label: t('widgets.fields.type'),
      help: t('widgets.typeHelp'),
      placeholder: 'footer',
    },
    // Built with controls; the JSON stays one click away ("advanced").
    {
      name: 'settings',
      label: t('widgets.fields.settings'),
      input: <WidgetSettingsInput />,
      help: t('widgets.settingsHelp'),
    },
    {
      name: 'sections',
      label: t('widgets.fields.sections'),
      input: <WidgetSectionsInput />,
      help: t('widgets.sectionsHelp'),
    },
  ];

  return (
    <>
      <CrudPage<Widget, typeof widgetCreateSchema, typeof widgetUpdateSchema>
        title={t('widgets.title')}
        api={widgetsApi}
        rowKey="id"
        bulkDelete
        createEffect="prepend"
        defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
        permissions={{
          create: 'widgets.create',
          update: 'widgets.update',
          delete: 'widgets.delete',
        }}
        filters={[{ kind: 'text', name: 'type', label: t('widgets.fields.type') }]}
        columns={[
          {
            key: 'icon',
            title: t('widgets.fields.icon'),
            render: (row) =>
              row.icon ? (
                <Thumbnail src={row.icon} alt={row.title} width={32} fit="contain" />
              ) : null,
          },
          {
            key: 'title',
            title: t('widgets.fields.title'),
            sortable: true,
            render: (row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{row.title}</Typography.Text>
                <Typography.Text code>{row.key}</Typography.Text>
              </Space>
            ),
          },
          {
            key: 'group_slug',
            title: t('widgets.fields.group'),
            sortable: true,
            render: (row) => (row.group ? <Tag>{row.group.name}</Tag> : null),
          },
          {
            key: 'type',
            title: t('widgets.fields.type'),
            sortable: true,
            render: (row) =>
              row.type ? (
                <Link
                  to={`/widgets/${encodeURIComponent(row.type)}`}
                  aria-label={t('widgets.openType', { type: row.type })}
                >
                  {row.type}
                </Link>
              ) : (
                <Typography.Text type="secondary">{t('widgets.noType')}</Typography.Text>
              ),
          },
          {
            key: 'created_at',
            title: t('common:fields.createdAt'),
            sortable: true,
            render: (row) => format.dateTime(row.created_at),
          },
        ]}
        rowActions={(row) =>
          can('widgets.update') ? (
            <Tooltip title={t('widgets.editValue')}>
              <Button
                size="small"
                icon={<FileTextOutlined />}
                aria-label={`${t('widgets.editValue')}: ${row.title}`}
                onClick={() => setEditingValue(row)}
              >
                {t('widgets.content')}
              </Button>
            </Tooltip>
          ) : null
        }
        form={{
          createSchema: widgetCreateSchema,
          updateSchema: widgetUpdateSchema,
          fields,
          createDefaults: { settings: { fields: [] }, sections: [] },
          toFormValues: (row) => ({
            key: row.key,
            title: row.title,
            icon: row.icon,
            group: row.group,
            description: row.description,
            type: row.type,
            settings: row.settings,
            sections: row.sections,
          }),
          createTitle: t('widgets.createTitle'),
          editTitle: t('widgets.editTitle'),
          extra: <SettingsSummary />,
        }}
      />
      <FormDrawer
        open={editingValue !== null}
        title={editingValue ? t('widgets.valueTitle', { title: editingValue.title }) : ''}
        onClose={() => setEditingValue(null)}
      >
        {editingValue ? (
          <WidgetValueForm
            widget={editingValue}
            onCancel={() => setEditingValue(null)}
            onDone={() => setEditingValue(null)}
          />
        ) : null}
      </FormDrawer>
    </>
  );
};
