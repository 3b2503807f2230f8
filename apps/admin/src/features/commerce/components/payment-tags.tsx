import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PaymentStatus } from '../api/order-payments-api';
import { ToneTag, type Tone } from '../../../components/tone-tag';

const TONES: Record<PaymentStatus, Tone> = {
  unpaid: 'warning',
  paid: 'success',
  refunded: 'neutral',
};

export const PaymentStatusTag = ({ status }: { status: PaymentStatus }) => {
  const { t } = useTranslation('payments');
  return (
    <ToneTag tone={TONES[status]} data-testid="payment-status">
      {t(`statuses.${status}`)}
    </ToneTag>
  );
};

export const usePaymentLabels = () => {
  const { t } = useTranslation('payments');
  return {
    method: (method: PaymentMethod) => t(`methods.${method}`),
    status: (status: PaymentStatus) => t(`statuses.${status}`),
  };
};
