import { WIDGET_FIELD_STYLES, widgetSettingsSchema } from '@backoffice/shared/widget.schema';
import { Collapse, Flex, Form, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** An example of the settings format (README, "Widget settings"): text, a choice, an API source, a list of logos. */
const EXAMPLE = JSON.stringify(
  {
    fields: [
      { key: 'hotline', title: 'Hotline', style: 'text', required: true },
      {
        key: 'position',
        title: 'Vị trí',
        style: 'radiobox',
        data: [
          { value: 'left', title: 'Trái' },
          { value: 'right', title: 'Phải' },
        ],
      },
      {
        key: 'category',
        title: 'Danh mục',
        style: 'api',
        api: {
          path: '/categories?limit=100',
          list_key: 'data',
          value_key: 'id',
          title_key: 'title',
        },
      },
      {
        key: 'partners',
        title: 'Đối tác',
        style: 'list',
        fields: [
          { key: 'logo', title: 'Logo', style: 'image', required: true },
          { key: 'url', title: 'Link', style: 'text' },
        ],
      },
    ],
  },
  null,
  2,
);

/**
 * Below the settings: how they are written, and what the content editor will show for the
 * settings being typed (one line per field).
 */
export const SettingsSummary = () => {
  const { t } = useTranslation('appearance');
  const settings = Form.useWatch<unknown>('settings');
  const parsed = widgetSettingsSchema.safeParse(settings ?? { fields: [] });
  return (
    <>
      <Collapse
        size="small"
        style={{ marginBottom: 24 }}
        items={[
          {
            key: 'format',
            label: t('widgets.settingsFormat'),
            children: (
              <>
                <Typography.Paragraph>
                  {t('widgets.settingsFormatText', { styles: WIDGET_FIELD_STYLES.join(', ') })}
                </Typography.Paragraph>
                <pre dir="ltr" style={{ margin: 0, fontSize: 12, overflowX: 'auto' }}>
                  {EXAMPLE}
                </pre>
              </>
            ),
          },
        ]}
      />
      <Form.Item label={t('widgets.valuePreview')}>
        {!parsed.success ? (
          <Typography.Text type="secondary">{t('widgets.valuePreviewInvalid')}</Typography.Text>
        ) : parsed.data.fields.length === 0 ? (
          <Typography.Text type="secondary">{t('widgets.noFields')}</Typography.Text>
        ) : (
          <Flex vertical gap={6} data-testid="settings-summary">
            {parsed.data.fields.map((field) => (
              <Flex key={field.key} gap={6} wrap align="center">
                <Typography.Text strong>{field.title}</Typography.Text>
                <Typography.Text code>{field.key}</Typography.Text>
                <Tag>{field.style}</Tag>
                {field.required ? <Tag color="red">*</Tag> : null}
                {(field.fields ?? []).map((column) => (
                  <Tag key={column.key} bordered={false}>
                    {column.title}: {column.style}
                  </Tag>
                ))}
              </Flex>
            ))}
          </Flex>
        )}
      </Form.Item>
    </>
  );
};
