import { useTranslation } from 'react-i18next';
import type { ListFilter } from '../../../components/resource-list/list-filters';
import type { ListColumn } from '../../../components/resource-list/list-table';
import type { FormFieldDef } from '../../../components/resource-form';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../api/order-payments-api';
import type { Order } from '../api/orders-api';
import { PaymentStatusTag, usePaymentLabels } from './payment-tags';

/** The payment's pieces of the orders screen: its two filters, its column and its form field. */
export const useOrderPaymentList = () => {
  const { t } = useTranslation('payments');
  const labels = usePaymentLabels();
  const methodOptions = PAYMENT_METHODS.map((value) => ({ value, label: labels.method(value) }));
  const methodField: FormFieldDef = {
    name: 'payment_method',
    label: t('fields.method'),
    kind: 'select',
    options: methodOptions,
  };
  const column: ListColumn<Order> = {
    key: 'payment_status',
    title: t('fields.status'),
    render: (row) => (
      <span>
        <PaymentStatusTag status={row.payment_status} />
        <bdi>{labels.method(row.payment_method)}</bdi>
      </span>
    ),
  };
  return {
    filters: [
      { name: 'payment_method', label: t('fields.method'), options: methodOptions },
      {
        name: 'payment_status',
        label: t('fields.paymentStatus'),
        options: PAYMENT_STATUSES.map((value) => ({ value, label: labels.status(value) })),
      },
    ] satisfies ListFilter[],
    column,
    /** Chosen when the order is made. */
    createField: methodField,
    /** Changed while unpaid only: a payment stays what it was made with (the server says so too). */
    editFields: (row: Order): FormFieldDef[] =>
      row.payment_status === 'unpaid' ? [methodField] : [],
  };
};
