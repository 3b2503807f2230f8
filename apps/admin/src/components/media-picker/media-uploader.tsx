import { InboxOutlined } from '@ant-design/icons';
import { MEDIA_ACCEPT } from '@backoffice/shared/media.schema';
import { useQueryClient } from '@tanstack/react-query';
import { App, Flex, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { type Media, mediaKeys, uploadMedia } from './media-data';

type UploadRow = {
  uid: string;
  name: string;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  error?: string;
};

export type MediaUploaderProps = {
  area?: string;
  onUploaded?: (media: Media) => void;
  /** Text of the size limit in the hint (the server decides anyway). */
  maxSizeText?: string;
};

/**
 * Upload by button or drag-and-drop, several files at once, with a progress bar per file.
 * Each file is its own request, so one refused file does not stop the others.
 */
export const MediaUploader = ({ area, onUploaded, maxSizeText = '50 MB' }: MediaUploaderProps) => {
  const { t } = useTranslation('media');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<UploadRow[]>([]);

  const patch = (uid: string, change: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.uid === uid ? { ...row, ...change } : row)));

  const handleFile = async (file: File & { uid: string }) => {
    setRows((current) => [
      { uid: file.uid, name: file.name, percent: 0, status: 'uploading' },
      ...current,
    ]);
    try {
      const media = await uploadMedia(file, file.name, {
        area,
        onProgress: (percent) => patch(file.uid, { percent }),
      });
      patch(file.uid, { percent: 100, status: 'done' });
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all });
      onUploaded?.(media);
    } catch (error) {
      const text =
        isApiError(error) && error.messages.length > 0
          ? error.messages.join(' ')
          : t('common:notices.tryAgain');
      patch(file.uid, { status: 'error', error: text });
      void message.error(`${file.name}: ${text}`);
    }
  };

  return (
    <div>
      <Upload.Dragger
        multiple
        accept={MEDIA_ACCEPT}
        showUploadList={false}
        customRequest={() => undefined}
        beforeUpload={(file) => {
          void handleFile(file as File & { uid: string });
          return false;
        }}
        data-testid="media-dropzone"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('upload.drop')}</p>
        <p className="ant-upload-hint">{t('upload.hint', { size: maxSizeText })}</p>
      </Upload.Dragger>
      {rows.length > 0 && (
        <Flex vertical gap={4} style={{ marginTop: 12 }} data-testid="upload-list">
          {rows.map((row) => (
            <div
              key={row.uid}
              data-testid="upload-row"
              data-status={row.status}
              data-percent={row.percent}
            >
              <Flex justify="space-between" gap={8}>
                <Typography.Text ellipsis style={{ maxWidth: '70%' }}>
                  {row.name}
                </Typography.Text>
                <Typography.Text type={row.status === 'error' ? 'danger' : 'secondary'}>
                  {row.status === 'uploading'
                    ? t('upload.uploading')
                    : row.status === 'done'
                      ? t('upload.done')
                      : t('upload.failed')}
                </Typography.Text>
              </Flex>
              <Progress
                percent={row.percent}
                size="small"
                status={
                  row.status === 'error'
                    ? 'exception'
                    : row.status === 'done'
                      ? 'success'
                      : 'active'
                }
                aria-label={row.name}
              />
              {row.error && <Typography.Text type="danger">{row.error}</Typography.Text>}
            </div>
          ))}
        </Flex>
      )}
    </div>
  );
};
