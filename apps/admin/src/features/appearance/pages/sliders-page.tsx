import { EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud-page';
import { useFormatters } from '../../../lib/format';
import { type Slider, sliderFormSchema, slidersApi } from '../api/sliders-api';
import { SliderFormPreview, SliderPreview } from '../components/slider-preview';
import { Thumbnail } from '../../../components/thumbnail';

/** Sliders (/appearance/slider, /settings/slider): key, title and the slides in their order. */
export const SlidersPage = () => {
  const { t } = useTranslation('appearance');
  const format = useFormatters();
  const [previewed, setPreviewed] = useState<Slider | null>(null);

  return (
    <>
      <CrudPage<Slider, typeof sliderFormSchema, typeof sliderFormSchema>
        title={t('sliders.title')}
        api={slidersApi}
        rowKey="id"
        bulkDelete
        createEffect="prepend"
        defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
        permissions={{
          create: 'sliders.create',
          update: 'sliders.update',
          delete: 'sliders.delete',
        }}
        columns={[
          {
            key: 'title',
            title: t('sliders.fields.title'),
            sortable: true,
            // The key has its own column.
            render: (row) => <Typography.Text strong>{row.title}</Typography.Text>,
          },
          {
            key: 'items',
            title: t('sliders.fields.items'),
            render: (row) => (
              <Flex gap={4} align="center" wrap>
                {row.items.slice(0, 4).map((item, index) => (
                  <Thumbnail
                    key={`${index}-${item.image}`}
                    src={item.image}
                    alt={item.title || t('sliders.slideAlt', { index: index + 1 })}
                    width={56}
                    height={36}
                    radius={4}
                  />
                ))}
                <Typography.Text type="secondary">
                  {t('sliders.slideCount', { count: row.items.length })}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'key',
            title: t('sliders.fields.key'),
            sortable: true,
            render: (row) => <code>{row.key}</code>,
          },
          {
            key: 'created_at',
            title: t('common:fields.createdAt'),
            sortable: true,
            render: (row) => format.dateTime(row.created_at),
          },
        ]}
        rowActions={(row) => (
          <Tooltip title={t('sliders.preview')}>
            <Button
              size="small"
              icon={<EyeOutlined />}
              aria-label={t('sliders.previewOf', { title: row.title })}
              onClick={() => setPreviewed(row)}
            />
          </Tooltip>
        )}
        form={{
          createSchema: sliderFormSchema,
          updateSchema: sliderFormSchema,
          fields: [
            { name: 'title', label: t('sliders.fields.title') },
            {
              name: 'key',
              label: t('sliders.fields.key'),
              kind: 'slug',
              from: 'title',
              help: t('keyFromTitleHelp'),
              placeholder: 'trang-chu',
            },
            {
              name: 'items',
              label: t('sliders.fields.items'),
              itemLabel: t('sliders.slide'),
              help: t('sliders.itemsHelp'),
              newItem: {},
              fields: [
                {
                  name: 'image',
                  label: t('sliders.fields.image'),
                  kind: 'media',
                  mediaType: 'image',
                },
                { name: 'title', label: t('sliders.fields.itemTitle') },
                { name: 'url', label: t('sliders.fields.url'), placeholder: '/khuyen-mai' },
                { name: 'description', label: t('sliders.fields.description'), kind: 'textarea' },
              ],
            },
          ],
          createDefaults: { items: [{}] },
          toFormValues: (row) => ({ key: row.key, title: row.title, items: row.items }),
          createTitle: t('sliders.createTitle'),
          editTitle: t('sliders.editTitle'),
          extra: <SliderFormPreview />,
        }}
      />
      <Modal
        open={previewed !== null}
        title={previewed ? t('sliders.previewOf', { title: previewed.title }) : ''}
        footer={null}
        width={720}
        onCancel={() => setPreviewed(null)}
        destroyOnHidden
      >
        {previewed ? <SliderPreview items={previewed.items} /> : null}
      </Modal>
    </>
  );
};
