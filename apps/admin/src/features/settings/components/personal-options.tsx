import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud-page';
import {
  type Setting,
  settingCreateSchema,
  settingsApi,
  settingUpdateSchema,
} from '../../../lib/api/settings';

/** Personal options (key, title, value): staff's own settings that the website reads by key. */
export const PersonalOptions = ({
  title,
  headingLevel,
}: {
  title: string;
  headingLevel?: 1 | 2;
}) => {
  const { t } = useTranslation('settings');
  const valueField = { name: 'value', label: t('personal.value'), kind: 'textarea' as const };
  return (
    <CrudPage<Setting, typeof settingCreateSchema, typeof settingUpdateSchema>
      title={title}
      headingLevel={headingLevel}
      api={settingsApi}
      rowKey="id"
      baseParams={{ group: 'personal' }}
      defaultSort={{ orderBy: 'key', sortedBy: 'asc' }}
      permissions={{
        create: 'settings.create',
        update: 'settings.update',
        delete: 'settings.delete',
      }}
      columns={[
        {
          key: 'key',
          title: t('personal.key'),
          sortable: true,
          render: (row) => <Typography.Text code>{row.key}</Typography.Text>,
        },
        { key: 'title', title: t('personal.title') },
        {
          key: 'value',
          title: t('personal.value'),
          render: (row) => (
            <Typography.Text ellipsis style={{ maxWidth: 320 }}>
              {row.value}
            </Typography.Text>
          ),
        },
      ]}
      form={{
        createSchema: settingCreateSchema,
        updateSchema: settingUpdateSchema,
        fields: [
          { name: 'key', label: t('personal.key'), help: t('personal.keyHelp') },
          { name: 'title', label: t('personal.title') },
          valueField,
        ],
        editFields: [
          { name: 'title', label: t('personal.title') },
          { ...valueField, required: true },
        ],
        toFormValues: (row) => ({ title: row.title ?? '', value: row.value ?? '' }),
        createTitle: t('personal.createTitle'),
        editTitle: t('personal.editTitle'),
      }}
    />
  );
};
