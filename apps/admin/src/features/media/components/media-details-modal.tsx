import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Flex, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaLabel } from '../../../components/media-picker/media-areas';
import { absoluteUrl, formatBytes, type Media } from '../../../components/media-picker/media-data';
import { MediaPreview } from '../../../components/media-picker/media-grid';
import { errorTexts } from '../../../components/notices';
import { useFormatters } from '../../../lib/format';
import { mediaUsageQueryOptions, useDeleteMedia, useRenameMedia } from '../api/media-api';
import { MediaUsageNote, placesUsing } from './media-usage-note';

export type MediaDetailsModalProps = {
  media: Media | null;
  canUpdate: boolean;
  canDelete: boolean;
  canEdit: boolean;
  onClose: () => void;
  onEditImage: (media: Media) => void;
};

const EDITABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/** Upload time, last update, original file name, area, type, size, title, URL with copy, permanent delete. */
export const MediaDetailsModal = ({
  media,
  canUpdate,
  canDelete,
  canEdit,
  onClose,
  onEditImage,
}: MediaDetailsModalProps) => {
  const { t } = useTranslation('media');
  const { message } = App.useApp();
  const format = useFormatters();
  const rename = useRenameMedia();
  const remove = useDeleteMedia();
  const [name, setName] = useState<string | null>(null);
  const areaLabel = useAreaLabel();
  // Asked only of those who may delete: it is what the delete's confirm says.
  const usage = useQuery({
    ...mediaUsageQueryOptions(media?.id ?? 0),
    enabled: Boolean(media) && canDelete,
  });
  const inUse = placesUsing(usage.data);

  if (!media) return null;
  const url = absoluteUrl(media.url);
  const title = name ?? media.name;

  const handleRename = async () => {
    try {
      await rename.mutateAsync({ id: media.id, name: title });
      void message.success(t('common:notices.updated'));
      setName(null);
      onClose();
    } catch (error) {
      void message.error(errorTexts(error, t('common:notices.tryAgain')).join(' '));
    }
  };
  const handleDelete = async () => {
    const result = await remove.mutateAsync([media.id]);
    if (result.failed.length > 0) void message.error(t('deleteFailed'));
    else {
      void message.success(t('common:notices.deleted', { count: 1 }));
      onClose();
    }
  };

  return (
    <Modal
      open
      title={t('details.title')}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
    >
      <Flex gap={16} wrap>
        <div
          style={{
            width: 280,
            height: 280,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: 'rgba(128,128,128,0.08)',
            borderRadius: 8,
            overflow: 'hidden',
          }}
        >
          {media.kind === 'video' ? (
            <video src={media.url} controls style={{ maxWidth: '100%', maxHeight: '100%' }} />
          ) : media.kind === 'image' ? (
            <img
              src={media.url}
              alt={media.name}
              style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <MediaPreview media={media} size={96} />
          )}
        </div>
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 300 }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('details.uploadedAt')}>
              {format.dateTime(media.created_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.updatedAt')}>
              {format.dateTime(media.updated_at)}
            </Descriptions.Item>
            {/* The name the file had on the uploader's computer; the stored one is random. */}
            <Descriptions.Item label={t('details.fileName')}>
              <span data-testid="media-original-name">{media.original_name}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('details.area')}>{areaLabel(media.area)}</Descriptions.Item>
            <Descriptions.Item label={t('details.type')}>{media.type}</Descriptions.Item>
            <Descriptions.Item label={t('details.size')}>
              {formatBytes(media.size)}
            </Descriptions.Item>
            {media.width && media.height ? (
              <Descriptions.Item label={t('details.dimensions')}>
                {media.width} × {media.height}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <div>
            <Typography.Text strong>{t('details.name')}</Typography.Text>
            <Space.Compact style={{ width: '100%', marginTop: 4 }}>
              <Input
                value={title}
                disabled={!canUpdate}
                maxLength={200}
                onChange={(event) => setName(event.target.value)}
                aria-label={t('details.name')}
                data-testid="media-title-input"
              />
              {canUpdate && (
                <Button
                  type="primary"
                  loading={rename.isPending}
                  disabled={title.trim() === '' || title === media.name}
                  onClick={() => void handleRename()}
                >
                  {t('details.rename')}
                </Button>
              )}
            </Space.Compact>
          </div>
          <div>
            <Typography.Text strong>{t('details.url')}</Typography.Text>
            <Typography.Paragraph
              copyable={{ text: url, tooltips: [t('details.copy'), t('details.copied')] }}
              style={{ marginTop: 4, wordBreak: 'break-all' }}
              data-testid="media-url"
            >
              <a href={url} target="_blank" rel="noreferrer">
                {url}
              </a>
            </Typography.Paragraph>
          </div>
          {canDelete && (
            <MediaUsageNote usage={usage.data} loading={usage.isPending} failed={usage.isError} />
          )}
          <Flex gap={8} wrap>
            {canEdit && EDITABLE.has(media.type) && (
              <Button
                icon={<EditOutlined />}
                onClick={() => onEditImage(media)}
                data-testid="media-edit-image"
              >
                {t('details.edit')}
              </Button>
            )}
            {canDelete && (
              <Popconfirm
                title={t('confirm.delete')}
                description={
                  inUse > 0 ? t('usage.confirm', { count: inUse }) : t('confirm.content')
                }
                onConfirm={() => handleDelete()}
                okButtonProps={{ danger: true }}
              >
                <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                  {t('details.deleteForever')}
                </Button>
              </Popconfirm>
            )}
          </Flex>
        </Flex>
      </Flex>
    </Modal>
  );
};
