import {
  CheckSquareOutlined,
  DeleteOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { MEDIA_KINDS } from '@backoffice/shared/media.schema';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Select, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaGrid } from '../../../components/media-picker/media-grid';
import { useAreaOptions } from '../../../components/media-picker/media-areas';
import { type Media, mediaKeys } from '../../../components/media-picker/media-data';
import { MediaUploader } from '../../../components/media-picker/media-uploader';
import { PageHeader } from '../../../components/page-header';
import { usePermissions } from '../../../lib/profile';
import { mediaUsageQueryOptions, useDeleteMedia } from '../api/media-api';
import { ImageEditorModal } from '../components/image-editor-modal';
import { MediaDetailsModal } from '../components/media-details-modal';

/** /media and /media/media-library: the grid, upload, details, rename, delete, bulk delete, image editor. */
export const MediaLibraryPage = () => {
  const { t } = useTranslation('media');
  const { modal, message } = App.useApp();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const remove = useDeleteMedia();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState('');
  const [area, setArea] = useState('');
  const areaOptions = useAreaOptions();
  const [showUpload, setShowUpload] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [details, setDetails] = useState<Media | null>(null);
  const [editing, setEditing] = useState<Media | null>(null);
  const [total, setTotal] = useState(0);
  const handleTotal = useCallback((n: number) => setTotal(n), []);

  const handleItemClick = (media: Media) => {
    if (!selecting) {
      setDetails(media);
      return;
    }
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(media.id)) next.delete(media.id);
      else next.add(media.id);
      return next;
    });
  };

  const [checkingUsage, setCheckingUsage] = useState(false);
  const handleBulkDelete = async () => {
    const ids = [...selected];
    // The confirm says how many of them the website shows (a file whose answer fails counts as
    // not known to be used; the single file's details say so).
    setCheckingUsage(true);
    const used = await Promise.all(
      ids.map((id) =>
        queryClient.fetchQuery(mediaUsageQueryOptions(id)).then(
          (usage) => usage.length > 0,
          () => false,
        ),
      ),
    ).finally(() => setCheckingUsage(false));
    const inUse = used.filter(Boolean).length;
    modal.confirm({
      title: t('confirm.bulk', { count: ids.length }),
      content: inUse > 0 ? t('usage.bulkConfirm', { count: inUse }) : t('confirm.content'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const result = await remove.mutateAsync(ids);
        if (result.deleted > 0)
          void message.success(t('common:notices.deleted', { count: result.deleted }));
        if (result.failed.length > 0) void message.error(t('deleteFailed'));
        setSelected(new Set(result.failed));
        if (result.failed.length === 0) setSelecting(false);
      },
    });
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          <>
            {can('media.create') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setShowUpload((v) => !v)}
                data-testid="media-add"
              >
                {t('addNew')}
              </Button>
            )}
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void queryClient.invalidateQueries({ queryKey: mediaKeys.all })}
            >
              {t('refresh')}
            </Button>
          </>
        }
      />
      {showUpload && (
        <Card size="small" style={{ marginBottom: 16 }}>
          <MediaUploader />
        </Card>
      )}
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('searchPlaceholder')}
          onSearch={setSearch}
          style={{ maxWidth: 280 }}
          aria-label={t('searchPlaceholder')}
        />
        <Select
          style={{ width: 160 }}
          value={kind}
          onChange={setKind}
          options={[
            { value: '', label: t('types.all') },
            ...MEDIA_KINDS.map((k) => ({ value: k, label: t(`types.${k}`) })),
          ]}
          aria-label={t('types.all')}
        />
        <Select
          style={{ width: 180 }}
          value={area}
          onChange={setArea}
          options={areaOptions}
          aria-label={t('areas.label')}
          data-testid="media-area-filter"
        />
        <Typography.Text type="secondary">{t('total', { count: total })}</Typography.Text>
        <span style={{ flex: 1 }} />
        {can('media.delete') && (
          <>
            <Button
              icon={<CheckSquareOutlined />}
              type={selecting ? 'primary' : 'default'}
              onClick={() => {
                setSelecting((v) => !v);
                setSelected(new Set());
              }}
            >
              {selecting ? t('clearSelection') : t('select')}
            </Button>
            {selecting && (
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.size === 0}
                loading={checkingUsage}
                onClick={() => void handleBulkDelete()}
                data-testid="media-bulk-delete"
              >
                {t('deleteSelected')} ({selected.size})
              </Button>
            )}
          </>
        )}
      </Flex>
      <MediaGrid
        filter={{ search: search || undefined, type: kind || undefined, area: area || undefined }}
        selectedIds={selecting ? selected : undefined}
        onItemClick={handleItemClick}
        onTotal={handleTotal}
      />
      {details && (
        <MediaDetailsModal
          key={details.id}
          media={details}
          canUpdate={can('media.update')}
          canDelete={can('media.delete')}
          canEdit={can('media.create')}
          onClose={() => setDetails(null)}
          onEditImage={(media) => {
            setDetails(null);
            setEditing(media);
          }}
        />
      )}
      {editing && (
        <ImageEditorModal key={editing.id} media={editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
};
