import { FEATURE_KEYS, type Feature } from '@backoffice/shared/post-type.schema';
import { Flex, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = { value?: Feature[]; onChange?: (value: Feature[]) => void; id?: string };

/** The features of a post type: each switched on or off, and renamed for this type. */
export const FeaturesInput = ({ value = [], onChange, id }: Props) => {
  const { t } = useTranslation('content');
  const features = FEATURE_KEYS.map(
    (key) => value.find((feature) => feature.key === key) ?? { key, name: null, enabled: false },
  );
  const change = (key: string, patch: Partial<Feature>) =>
    onChange?.(
      features.map((feature) => (feature.key === key ? { ...feature, ...patch } : feature)),
    );
  return (
    <Flex vertical gap={8} id={id} role="group" aria-label={t('fields.features')}>
      {features.map((feature) => {
        const usual = t(`features.${feature.key}`);
        return (
          <Flex key={feature.key} align="center" gap={8} data-feature={feature.key}>
            <Switch
              size="small"
              checked={feature.enabled}
              aria-label={t('types.enableFeature', { name: usual })}
              onChange={(enabled) => change(feature.key, { enabled })}
            />
            <Typography.Text style={{ minWidth: 120 }}>{usual}</Typography.Text>
            <Input
              size="small"
              value={feature.name ?? ''}
              placeholder={usual}
              aria-label={t('types.renameFeature', { name: usual })}
              onChange={(event) => change(feature.key, { name: event.target.value || null })}
            />
          </Flex>
        );
      })}
    </Flex>
  );
};
