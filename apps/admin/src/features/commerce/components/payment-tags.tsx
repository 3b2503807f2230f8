import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PaymentStatus } from '../api/order-payments-api';

// Dark shades: the tag text keeps WCAG AA contrast in both themes (antd's light presets do not).
const COLORS: Record<PaymentStatus, string> = {
  unpaid: '#ad4e00',
  paid: '#237804',
  refunded: '#434343',
};

export const PaymentStatusTag = ({ status }: { status: PaymentStatus }) => {
  const { t } = useTranslation('payments');
  return (
    <Tag color={COLORS[status]} data-testid="payment-status">
      {t(`statuses.${status}`)}
    </Tag>
  );
};

export const usePaymentLabels = () => {
  const { t } = useTranslation('payments');
  return {
    method: (method: PaymentMethod) => t(`methods.${method}`),
    status: (status: PaymentStatus) => t(`statuses.${status}`),
  };
};
