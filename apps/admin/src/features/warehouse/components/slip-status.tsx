import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../components/notices';
import { alertsApi, movementsApi, type Slip, slipsApi, stockApi } from '../api/slips-api';
import { ToneTag } from '../../../components/tone-tag';

// Dark shades: the tag text keeps WCAG AA contrast in both themes.
const STATUS_TONES = { complete: 'success', canceled: 'danger' } as const;
const STYLE_TONES = { import: 'info', export: 'warning' } as const;

export const SlipStatusTag = ({ status }: { status: Slip['status'] }) => {
  const { t } = useTranslation('warehouse');
  return <ToneTag tone={STATUS_TONES[status]}>{t(`slips.statuses.${status}`)}</ToneTag>;
};

export const SlipStyleTag = ({ style }: { style: Slip['style'] }) => {
  const { t } = useTranslation('warehouse');
  return <ToneTag tone={STYLE_TONES[style]}>{t(`slips.styles.${style}`)}</ToneTag>;
};

/** Cancels a slip after a confirm; the stock figures and histories are read again. */
export const useCancelSlip = () => {
  const { t } = useTranslation('warehouse');
  const notices = useNotices();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (slip: Slip) => slipsApi.cancel(slip.id),
    onSuccess: (slip) => {
      void message.success(t('slips.canceledNotice', { code: slip.code }));
      for (const key of [
        slipsApi.keys.all,
        stockApi.keys.all,
        movementsApi.keys.all,
        alertsApi.keys.all,
      ])
        void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => notices.error(error),
  });
  return (slip: Slip) =>
    modal.confirm({
      title: t('slips.cancelTitle', { code: slip.code }),
      content: t(slip.style === 'import' ? 'slips.cancelImport' : 'slips.cancelExport'),
      okText: t('slips.cancel'),
      cancelText: t('slips.keep'),
      okButtonProps: { danger: true },
      onOk: () => cancel.mutateAsync(slip).catch(() => undefined),
    });
};
