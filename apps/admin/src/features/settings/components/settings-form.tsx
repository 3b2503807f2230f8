import { namedSettingValue, type NamedSettingKey } from '@backoffice/shared/setting.schema';
import { Alert, Button, Card } from 'antd';
import { cloneElement, isValidElement, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useNotices } from '../../../components/notices';
import { PageLoader } from '../../../components/page-loader';
import { type FormFieldDef, ResourceForm } from '../../../components/resource-form';
import { usePermissions } from '../../../lib/profile';
import { useAllSettings } from '../../../lib/api/settings';
import { useUpdateSettings } from '../api/update-settings';

export type SettingField = FormFieldDef & { name: NamedSettingKey };

/**
 * One settings screen: named settings read by key from `GET /settings/all`, checked by the same
 * rules as on the server, saved together by `PATCH /settings`.
 */
export const SettingsForm = ({
  fields,
  title,
  children,
  testId,
}: {
  fields: readonly SettingField[];
  title?: string;
  /** Inside the form, below the fields (a live preview). */
  children?: ReactNode;
  testId?: string;
}) => {
  const { t } = useTranslation('settings');
  const { t: common } = useTranslation('common');
  const notices = useNotices();
  const { can } = usePermissions();
  const editable = can('settings.update');
  const settings = useAllSettings();
  const save = useUpdateSettings();
  const schema = useMemo(
    () =>
      z.strictObject(
        Object.fromEntries(fields.map((field) => [field.name, namedSettingValue(field.name)])),
      ),
    [fields],
  );

  if (settings.isPending) return <PageLoader />;
  if (settings.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={common('notices.loadFailed')}
        action={
          <Button size="small" onClick={() => void settings.refetch()}>
            {common('actions.retry')}
          </Button>
        }
      />
    );

  const initialValues = Object.fromEntries(
    fields.map((field) => [field.name, settings.data[field.name] ?? undefined]),
  );
  return (
    <Card title={title} data-testid={testId}>
      {editable ? null : (
        <Alert type="info" showIcon title={t('readOnly')} style={{ marginBottom: 16 }} />
      )}
      <ResourceForm
        id={testId}
        schema={schema}
        fields={fields.map((field) =>
          editable
            ? field
            : {
                ...field,
                disabled: true,
                input: isValidElement<{ disabled?: boolean }>(field.input)
                  ? cloneElement(field.input, { disabled: true })
                  : field.input,
              },
        )}
        initialValues={initialValues}
        onSubmit={async (values: Record<string, string | null | undefined>) => {
          await save.mutateAsync(
            Object.fromEntries(fields.map((field) => [field.name, values[field.name] ?? null])),
          );
          notices.updated();
        }}
      >
        {children}
      </ResourceForm>
    </Card>
  );
};
