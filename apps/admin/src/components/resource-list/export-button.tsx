import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Modal, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload, type ListParams } from '../../lib/api-client';
import { useNotices } from '../notices';

type Format = 'csv' | 'xlsx';

/** Exports of more rows than this show their progress in a dialog, with a way to stop them. */
const LARGE = 2000;

type Progress = { rows: number; total: number; bytes: number; format: Format };

const LINE_FEED = 0x0a;

/** Saves the bytes as a file, as a download of the browser. */
const save = (parts: BlobPart[], type: string, name: string) => {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

const fileName = (response: Response, format: Format) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
  `export.${format}`;

/**
 * "Export": the list as the screen shows it (its search, order and filters, every page) as CSV
 * or Excel, streamed from `path`. A large export shows how far it has come and can be stopped.
 */
export const ExportButton = ({ path, params }: { path: string; params: ListParams }) => {
  const { t } = useTranslation('common');
  const notices = useNotices();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [busy, setBusy] = useState(false);
  const stop = useRef<AbortController | null>(null);

  const run = async (format: Format) => {
    const abort = new AbortController();
    stop.current = abort;
    setBusy(true);
    try {
      const { page: _page, limit: _limit, include: _include, ...query } = params;
      const response = await apiDownload(path, {
        query: { ...query, format },
        signal: abort.signal,
      });
      const total = Number(response.headers.get('x-total-count') ?? 0);
      const parts: Array<Uint8Array<ArrayBuffer>> = [];
      const state: Progress = { rows: 0, total, bytes: 0, format };
      if (total > LARGE) setProgress({ ...state });
      const reader = response.body!.getReader();
      let shown = 0;
      for (;;) {
        const { done, value } = (await reader.read()) as ReadableStreamReadResult<
          Uint8Array<ArrayBuffer>
        >;
        if (done) break;
        parts.push(value);
        state.bytes += value.length;
        // CSV rows end with CRLF (the header's line counts one too many)
        if (format === 'csv') for (const byte of value) if (byte === LINE_FEED) state.rows += 1;
        if (total > LARGE && performance.now() - shown > 200) {
          shown = performance.now();
          setProgress({ ...state });
        }
      }
      save(parts, response.headers.get('content-type') ?? '', fileName(response, format));
      notices.success(t('export.done', { count: total }));
    } catch (error) {
      if (!abort.signal.aborted) notices.error(error);
    } finally {
      stop.current = null;
      setBusy(false);
      setProgress(null);
    }
  };

  const percent = progress
    ? progress.format === 'csv'
      ? Math.min(99, Math.floor((Math.max(0, progress.rows - 1) / progress.total) * 100))
      : undefined
    : 0;

  return (
    <>
      <Dropdown
        disabled={busy}
        menu={{
          items: [
            { key: 'csv', label: t('export.csv') },
            { key: 'xlsx', label: t('export.xlsx') },
          ],
          onClick: ({ key }) => void run(key as Format),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={busy} data-testid="export-button">
          {t('export.button')}
        </Button>
      </Dropdown>
      <Modal
        open={progress !== null}
        title={t('export.title')}
        closable={false}
        maskClosable={false}
        okButtonProps={{ style: { display: 'none' } }}
        cancelText={t('export.stop')}
        onCancel={() => stop.current?.abort()}
      >
        {progress ? (
          <div data-testid="export-progress">
            <Progress
              percent={percent ?? 100}
              status="active"
              showInfo={percent !== undefined}
              aria-label={t('export.title')}
            />
            <Typography.Text type="secondary">
              {progress.format === 'csv'
                ? t('export.progress', {
                    rows: Math.max(0, progress.rows - 1),
                    total: progress.total,
                  })
                : t('export.progressSize', {
                    total: progress.total,
                    size: (progress.bytes / 1024 / 1024).toFixed(1),
                  })}
            </Typography.Text>
          </div>
        ) : null}
      </Modal>
    </>
  );
};
