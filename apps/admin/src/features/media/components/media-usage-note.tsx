import type { MediaUsage } from '@backoffice/shared/media.schema';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** How many records show the file, all kinds together. */
export const placesUsing = (usage: MediaUsage | undefined) =>
  usage?.reduce((sum, place) => sum + place.count, 0) ?? 0;

/**
 * Where a file is shown, in its details above the delete button: each kind of record with the
 * first few by name (or only how many, where the staff member may not list them).
 */
export const MediaUsageNote = ({
  usage,
  loading,
  failed,
}: {
  usage: MediaUsage | undefined;
  loading: boolean;
  failed: boolean;
}) => {
  // (a setting is named by its label on the settings screens, not by its key)
  const { t } = useTranslation(['media', 'settings']);
  if (loading) return <Typography.Text type="secondary">{t('usage.checking')}</Typography.Text>;
  if (failed || !usage) return <Alert type="warning" showIcon title={t('usage.failed')} />;
  const total = placesUsing(usage);
  if (total === 0) return <Typography.Text type="secondary">{t('usage.none')}</Typography.Text>;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="media-usage"
      title={t('usage.inUse', { count: total })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {usage.map((place) => {
            const unnamed = place.count - place.records.length;
            const names = place.records.map(
              (record) =>
                `“${place.kind === 'setting' ? t(`settings:fields.${record.title}`, { defaultValue: record.title }) : record.title}”`,
            );
            if (unnamed > 0)
              names.push(
                place.records.length > 0 ? t('usage.more', { count: unnamed }) : String(unnamed),
              );
            return (
              <li key={place.kind}>
                {t(`usage.kinds.${place.kind}`)}: <bdi>{names.join(', ')}</bdi>
              </li>
            );
          })}
        </ul>
      }
    />
  );
};
