import { MEDIA_KINDS } from '@backoffice/shared/media.schema';
import { Button, Flex, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaOptions } from './media-areas';
import { MediaGrid } from './media-grid';
import { absoluteUrl, type Media } from './media-data';
import { MediaUploader } from './media-uploader';
import type { PickedMedia } from './picker-protocol';

export const toPicked = (media: Media): PickedMedia => ({
  id: media.id,
  url: absoluteUrl(media.url),
  thumbnail_url: media.thumbnail_url ? absoluteUrl(media.thumbnail_url) : null,
  name: media.name,
  type: media.type,
  width: media.width,
  height: media.height,
});

export type MediaPickerPanelProps = {
  multiple?: boolean;
  /** A kind (`image`), MIME types, or both, comma-separated; fixed by the caller. */
  type?: string;
  /**
   * Where the picker was opened (`posts`, `seo`…): what its uploads are tagged with. The grid
   * still shows the whole library; the area is a filter the user may choose.
   */
  area?: string;
  onChoose: (items: PickedMedia[]) => void;
  onCancel: () => void;
};

/**
 * What the popup route and the modal show: search, kind and area filters, the grid of the
 * whole library to choose from, upload, choose.
 */
export const MediaPickerPanel = ({
  multiple = false,
  type,
  area,
  onChoose,
  onCancel,
}: MediaPickerPanelProps) => {
  const { t } = useTranslation('media');
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<string | undefined>(undefined);
  const [areaFilter, setAreaFilter] = useState('');
  const areaOptions = useAreaOptions();
  const [chosen, setChosen] = useState<Media[]>([]);
  const [showUpload, setShowUpload] = useState(false);
  const selectedIds = new Set(chosen.map((m) => m.id));

  const toggle = (media: Media) => {
    if (!multiple) {
      setChosen([media]);
      return;
    }
    setChosen((current) =>
      current.some((m) => m.id === media.id)
        ? current.filter((m) => m.id !== media.id)
        : [...current, media],
    );
  };

  return (
    <Flex vertical gap={12} style={{ height: '100%' }}>
      <Flex gap={8} wrap align="center">
        <Input.Search
          allowClear
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          onSearch={setSearch}
          style={{ maxWidth: 280 }}
        />
        {!type && (
          <Select
            aria-label={t('types.all')}
            style={{ width: 160 }}
            value={kind ?? ''}
            onChange={(value) => setKind(value || undefined)}
            options={[
              { value: '', label: t('types.all') },
              ...MEDIA_KINDS.map((k) => ({ value: k, label: t(`types.${k}`) })),
            ]}
          />
        )}
        <Select
          aria-label={t('areas.label')}
          data-testid="picker-area"
          style={{ width: 180 }}
          value={areaFilter}
          onChange={setAreaFilter}
          options={areaOptions}
        />
        <Button onClick={() => setShowUpload((v) => !v)}>{t('picker.upload')}</Button>
      </Flex>
      {showUpload && (
        // kept whole (drop zone and progress rows): the grid below is what scrolls
        <div style={{ flexShrink: 0 }}>
          <MediaUploader
            area={area}
            onUploaded={(media) =>
              multiple ? setChosen((c) => [...c, media]) : setChosen([media])
            }
          />
        </div>
      )}
      <div style={{ flex: 1, overflow: 'auto' }}>
        <MediaGrid
          filter={{
            search: search || undefined,
            type: type ?? kind,
            area: areaFilter || undefined,
          }}
          selectedIds={selectedIds}
          onItemClick={toggle}
        />
      </div>
      <Flex justify="end">
        <Space>
          <Button onClick={onCancel}>{t('picker.cancel')}</Button>
          <Button
            type="primary"
            disabled={chosen.length === 0}
            onClick={() => onChoose(chosen.map(toPicked))}
            data-testid="picker-choose"
          >
            {multiple ? t('picker.chooseCount', { count: chosen.length }) : t('picker.choose')}
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
};
