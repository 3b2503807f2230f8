import {
  CheckCircleFilled,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Media, type MediaFilter, mediaInfiniteQueryOptions } from './media-data';

export type MediaGridProps = {
  filter: MediaFilter;
  selectedIds?: ReadonlySet<number>;
  onItemClick?: (media: Media) => void;
  /** Shown next to the total, e.g. a "select all" control. */
  onTotal?: (total: number) => void;
};

const iconOf = (media: Media) => {
  if (media.kind === 'video') return <VideoCameraOutlined />;
  if (media.type === 'application/pdf') return <FilePdfOutlined />;
  if (media.type.startsWith('text/')) return <FileTextOutlined />;
  return <FileOutlined />;
};

/** The picture shown for a file: its thumbnail, the SVG itself, or an icon of its kind. */
export const MediaPreview = ({ media, size = 48 }: { media: Media; size?: number }) => {
  const src = media.thumbnail_url ?? (media.kind === 'image' ? media.url : null);
  if (src)
    return (
      <img
        src={src}
        alt={media.name}
        loading="lazy"
        style={{ width: '100%', height: '100%', objectFit: 'cover' }}
      />
    );
  return <span style={{ fontSize: size, color: '#8c8c8c' }}>{iconOf(media)}</span>;
};

/** A grid of thumbnails, newest first, that loads the next page as its end scrolls into view. */
export const MediaGrid = ({ filter, selectedIds, onItemClick, onTotal }: MediaGridProps) => {
  const { t } = useTranslation('media');
  const query = useInfiniteQuery(mediaInfiniteQueryOptions(filter));
  const sentinel = useRef<HTMLDivElement>(null);
  const items = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.meta?.pagination?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    onTotal?.(total);
  }, [onTotal, total]);

  // Loads more when the end of the grid comes into view (the observer is the only effect here).
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage)
          void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (items.length === 0) return <Empty description={t('empty')} />;

  return (
    <>
      <div
        data-testid="media-grid"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: 12,
        }}
      >
        {items.map((media) => {
          const selected = selectedIds?.has(media.id) ?? false;
          return (
            <button
              key={media.id}
              type="button"
              data-testid="media-item"
              data-media-id={media.id}
              aria-pressed={selectedIds ? selected : undefined}
              title={media.name}
              onClick={() => onItemClick?.(media)}
              style={{
                position: 'relative',
                padding: 0,
                border: selected ? '2px solid #1677ff' : '1px solid rgba(128,128,128,0.3)',
                borderRadius: 8,
                overflow: 'hidden',
                background: 'transparent',
                cursor: 'pointer',
                textAlign: 'start',
              }}
            >
              <div
                style={{
                  aspectRatio: '1 / 1',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  background: 'rgba(128,128,128,0.08)',
                }}
              >
                <MediaPreview media={media} />
              </div>
              <Typography.Text
                ellipsis
                style={{ display: 'block', padding: '4px 8px', fontSize: 12 }}
              >
                {media.name}
              </Typography.Text>
              {selected && (
                <CheckCircleFilled
                  style={{
                    position: 'absolute',
                    top: 6,
                    insetInlineEnd: 6,
                    fontSize: 20,
                    color: '#1677ff',
                    background: '#fff',
                    borderRadius: '50%',
                  }}
                />
              )}
            </button>
          );
        })}
      </div>
      <div ref={sentinel} />
      {hasNextPage && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Button loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('loadMore')}
          </Button>
        </Flex>
      )}
    </>
  );
};
