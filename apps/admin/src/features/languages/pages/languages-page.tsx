import { CheckCircleFilled, StarOutlined } from '@ant-design/icons';
import { Button, Form, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/form-drawer';
import { useNotices } from '../../../components/notices';
import { ResourceForm } from '../../../components/resource-form';
import { ResourceList } from '../../../components/resource-list/resource-list';
import { usePermissions } from '../../../lib/profile';
import {
  type CreateLanguageInput,
  createLanguageInputSchema,
  useCreateLanguage,
} from '../api/create-language';
import { deleteLanguage } from '../api/delete-language';
import { type Language, languagesSource, useLanguages } from '../api/get-languages';
import { useSetDefaultLanguage } from '../api/set-default-language';
import { LanguagePicker } from '../components/language-picker';
import { ToneTag } from '../../../components/tone-tag';

/** /languages and /languages/manager: key, name, default flag; add through a picker; set default; delete. */
export const LanguagesPage = () => {
  const { t } = useTranslation('languages');
  const { can } = usePermissions();
  const notices = useNotices();
  const [adding, setAdding] = useState(false);
  const { data } = useLanguages();
  const create = useCreateLanguage();
  const setDefault = useSetDefaultLanguage();
  const allowed = can('manage-languages');
  const existing = new Set((data?.data ?? []).map((language) => language.key));

  return (
    <>
      <ResourceList<Language>
        title={t('title')}
        source={languagesSource}
        rowKey="key"
        paging="all"
        defaultSort={{ orderBy: 'sort', sortedBy: 'asc' }}
        columns={[
          {
            key: 'key',
            title: t('fields.key'),
            sortable: true,
            render: (row) => <Tag>{row.key}</Tag>,
          },
          { key: 'name', title: t('fields.name'), sortable: true },
          { key: 'sort', title: t('fields.sort'), sortable: true, searchable: false },
          {
            key: 'is_default',
            title: t('fields.default'),
            searchable: false,
            render: (row) =>
              row.is_default ? (
                <ToneTag tone="success" icon={<CheckCircleFilled />}>
                  {t('default')}
                </ToneTag>
              ) : null,
          },
        ]}
        onCreate={allowed ? () => setAdding(true) : undefined}
        onDelete={allowed ? (row) => deleteLanguage(row.key) : undefined}
        canDelete={(row) => !row.is_default}
        rowActions={(row) =>
          allowed && !row.is_default ? (
            <Tooltip title={t('setDefault')}>
              <Button
                size="small"
                icon={<StarOutlined />}
                aria-label={`${t('setDefault')}: ${row.name}`}
                loading={setDefault.isPending && setDefault.variables === row.key}
                onClick={() =>
                  setDefault.mutate(row.key, {
                    onSuccess: () => notices.success(t('defaultChanged', { name: row.name })),
                    onError: notices.error,
                  })
                }
              >
                {t('setDefault')}
              </Button>
            </Tooltip>
          ) : null
        }
      />
      <FormDrawer open={adding} title={t('createTitle')} onClose={() => setAdding(false)}>
        <AddLanguageForm
          exclude={existing}
          onCancel={() => setAdding(false)}
          onSubmit={async (values) => {
            await create.mutateAsync(values);
            notices.created();
          }}
          onDone={() => setAdding(false)}
        />
      </FormDrawer>
    </>
  );
};

const PickerField = ({
  value,
  onChange,
  exclude,
  placeholder,
}: {
  value?: string;
  onChange?: (value: string) => void;
  exclude: ReadonlySet<string>;
  placeholder: string;
}) => {
  const form = Form.useFormInstance();
  return (
    <LanguagePicker
      value={value}
      onChange={onChange}
      exclude={exclude}
      placeholder={placeholder}
      onPick={(choice) => {
        form.setFieldValue('name', choice.name);
        void form.validateFields(['name']).catch(() => undefined);
      }}
    />
  );
};

const AddLanguageForm = ({
  exclude,
  onSubmit,
  onCancel,
  onDone,
}: {
  exclude: ReadonlySet<string>;
  onSubmit: (values: CreateLanguageInput) => Promise<unknown>;
  onCancel: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation('languages');
  return (
    <ResourceForm
      id="language-form"
      schema={createLanguageInputSchema}
      fields={[
        {
          name: 'key',
          label: t('fields.language'),
          input: <PickerField exclude={exclude} placeholder={t('pickLanguage')} />,
        },
        { name: 'name', label: t('fields.name') },
        { name: 'sort', label: t('fields.sort'), kind: 'number' },
      ]}
      onSubmit={onSubmit}
      onCancel={onCancel}
      onDone={onDone}
      submitLabel={t('common:actions.create')}
    />
  );
};
