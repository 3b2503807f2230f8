import { DeleteOutlined, DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Flex, Typography } from 'antd';
import type { BulkResult } from '@backoffice/shared/bulk.schema';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldOption } from '../../lib/options';
import { useNotices } from '../notices';

type BulkActionBase = {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  /** Picked before the confirm (the status to set…): the button opens a menu of them. */
  choices?: FieldOption[];
  /** The confirm's title; by default "<label>: N items?" (with the choice when there is one). */
  confirmTitle?: (count: number, choice?: FieldOption) => string;
  confirmContent?: string;
  /** The confirm's button; the action's label by default. */
  okText?: string;
  /** The success notice for `done` rows; "Updated successfully." by default. */
  doneText?: (done: number) => string;
};

/**
 * An action on the selected rows, always behind a confirm: one request per row (`run`, in
 * parallel; the others still run when one fails) or one request for all of them (`runAll`,
 * a `POST /x/bulk` whose answer says how many rows it changed and which it left).
 */
export type BulkAction<T> = BulkActionBase &
  (
    | { run: (record: T, choice?: FieldOption['value']) => Promise<unknown>; runAll?: never }
    | {
        runAll: (records: T[], choice?: FieldOption['value']) => Promise<{ data: BulkResult }>;
        run?: never;
      }
  );

/** Bulk delete as a bulk action: one request per row, or one `POST /x/bulk` for them all. */
export const bulkDeleteAction = <T,>(
  remove:
    | { run: (record: T) => Promise<unknown> }
    | { runAll: (records: T[]) => Promise<{ data: BulkResult }> },
  t: (key: string, options?: Record<string, unknown>) => string,
): BulkAction<T> => ({
  key: 'delete',
  label: t('actions.deleteSelected'),
  icon: <DeleteOutlined />,
  danger: true,
  confirmTitle: (count) => t('confirm.bulkDeleteTitle', { count }),
  confirmContent: t('confirm.deleteContent'),
  okText: t('actions.delete'),
  doneText: (done) => t('notices.deleted', { count: done }),
  ...remove,
});

/** The bar over the table while rows are selected: their count and the bulk action buttons. */
export const BulkActionBar = <T,>({
  actions,
  selected,
  onStart,
  onDone,
}: {
  actions: ReadonlyArray<BulkAction<T>>;
  selected: T[];
  /**
   * Once an action is confirmed, before it runs (its rows are taken): clear the selection, so
   * rows chosen while it runs are never cleared by its end.
   */
  onStart: () => void;
  /** After an action ran (even partly): refresh the list. */
  onDone: () => Promise<unknown>;
}) => {
  const { t } = useTranslation('common');
  const { message, modal } = App.useApp();
  const notices = useNotices();
  if (selected.length === 0 || actions.length === 0) return null;

  const confirm = (action: BulkAction<T>, choice?: FieldOption) => {
    const records = [...selected];
    modal.confirm({
      title:
        action.confirmTitle?.(records.length, choice) ??
        (choice
          ? t('confirm.bulkChoiceTitle', {
              action: action.label,
              choice: choice.label,
              count: records.length,
            })
          : t('confirm.bulkActionTitle', { action: action.label, count: records.length })),
      content: action.confirmContent,
      okText: action.okText ?? (choice ? `${action.label}: ${choice.label}` : action.label),
      okButtonProps: { danger: action.danger },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        onStart();
        let done = 0;
        let skipped = 0;
        let failure: unknown;
        if (action.runAll) {
          try {
            const { data } = await action.runAll(records, choice?.value);
            done = data.done;
            skipped = data.skipped.length;
          } catch (error) {
            failure = error;
          }
        } else {
          const results = await Promise.allSettled(
            records.map((record) => action.run!(record, choice?.value)),
          );
          done = results.filter((result) => result.status === 'fulfilled').length;
          failure = results.find((result) => result.status === 'rejected')?.reason;
        }
        if (done > 0) {
          if (action.doneText) notices.success(action.doneText(done));
          else notices.updated();
        }
        // Rows gone meanwhile or not the reader's to change were left as they were: say so.
        if (skipped > 0) message.warning(t('notices.skipped', { count: skipped }));
        if (failure !== undefined) notices.error(failure);
        await onDone();
      },
    });
  };

  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} data-testid="bulk-actions">
      <Typography.Text>{t('list.selected', { count: selected.length })}</Typography.Text>
      {actions.map((action) =>
        action.choices ? (
          <Dropdown
            key={action.key}
            trigger={['click']}
            menu={{
              items: action.choices.map((choice) => ({
                key: String(choice.value),
                label: choice.label,
              })),
              onClick: ({ key }) =>
                confirm(
                  action,
                  action.choices!.find((choice) => String(choice.value) === key),
                ),
            }}
          >
            <Button danger={action.danger} icon={action.icon}>
              {action.label} <DownOutlined />
            </Button>
          </Dropdown>
        ) : (
          <Button
            key={action.key}
            danger={action.danger}
            icon={action.icon}
            onClick={() => confirm(action)}
          >
            {action.label}
          </Button>
        ),
      )}
    </Flex>
  );
};
