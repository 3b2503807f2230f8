import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, type Query } from '../lib/api-client';
import { useNotices } from './notices';

/** What an import answers: rows made and changed, or every bad row (nothing written then). */
export type ImportResult = {
  created: number;
  updated: number;
  errors: Array<{ row: number; field: string; message: string }>;
};

type Step = { result: ImportResult; dryRun: boolean } | null;

/** POST `path`?dry_run= with the file: the answer of the import or of its dry run. */
const sendImport = (path: string, query: Query, file: File, dryRun: boolean) => {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<{ data: ImportResult }>(path, {
    method: 'POST',
    query: { ...query, dry_run: dryRun },
    form,
  }).then((response) => response.data);
};

/**
 * "Import": a CSV or Excel file is checked first (a dry run that writes nothing and lists every
 * bad row: its number, the field and what is wrong, in the reader's language); only a file
 * without errors can then be imported, all or nothing.
 */
export const ImportButton = ({
  path,
  query = {},
  title,
  hint,
  onImported,
}: {
  path: string;
  /** Parameters the import takes besides the file (the product type of the products). */
  query?: Query;
  title: string;
  /** The columns the file needs, said to the reader. */
  hint: string;
  onImported: () => void;
}) => {
  const { t } = useTranslation('common');
  const notices = useNotices();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setFile(null);
    setStep(null);
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    try {
      const result = await sendImport(path, query, file, dryRun);
      if (!dryRun && result.errors.length === 0) {
        notices.success(t('import.done', { created: result.created, updated: result.updated }));
        onImported();
        close();
        return;
      }
      setStep({ result, dryRun });
    } catch (error) {
      notices.error(error);
    } finally {
      setBusy(false);
    }
  };

  const errors = step?.result.errors ?? [];
  const checked = step !== null && errors.length === 0;

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="import-button">
        {t('import.button')}
      </Button>
      <Modal
        open={open}
        title={title}
        width={760}
        onCancel={close}
        footer={
          <Space>
            <Button onClick={close}>{t('actions.cancel')}</Button>
            <Button disabled={!file} loading={busy && !checked} onClick={() => void run(true)}>
              {t('import.check')}
            </Button>
            <Button
              type="primary"
              disabled={!checked}
              loading={busy && checked}
              onClick={() => void run(false)}
              data-testid="import-confirm"
            >
              {t('import.confirm')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
        <Upload
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setStep(null);
            return false;
          }}
          onRemove={() => {
            setFile(null);
            setStep(null);
          }}
          fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined />}>{t('import.choose')}</Button>
        </Upload>
        {step && errors.length === 0 ? (
          <Alert
            style={{ marginTop: 16 }}
            type="success"
            showIcon
            data-testid="import-ready"
            message={t('import.ready', {
              created: step.result.created,
              updated: step.result.updated,
            })}
          />
        ) : null}
        {errors.length > 0 ? (
          <>
            <Alert
              style={{ marginTop: 16, marginBottom: 8 }}
              type="error"
              showIcon
              message={t('import.invalid', { count: errors.length })}
            />
            <Table
              data-testid="import-errors"
              size="small"
              rowKey={(error) => `${error.row}-${error.field}-${error.message}`}
              dataSource={errors}
              pagination={errors.length > 10 ? { pageSize: 10 } : false}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('import.row'), width: 80 },
                { key: 'field', dataIndex: 'field', title: t('import.field'), width: 180 },
                { key: 'message', dataIndex: 'message', title: t('import.message') },
              ]}
            />
          </>
        ) : null}
      </Modal>
    </>
  );
};
