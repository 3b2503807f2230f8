import { Flex, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/profile';
import type { Order } from '../api/orders-api';
import { useWarehouses } from '../api/warehouses-api';
import { useMoveOrder } from './order-status';

const NO_SLIP = 'none';
type Choice = number | typeof NO_SLIP;

/** A refusal's messages; a product line's is named by the line's title (which product is short). */
const refusalTexts = (order: Order, error: ApiError) =>
  Object.entries(error.errors).flatMap(([field, texts]) => {
    const line = /^products\.(\d+)\./.exec(field);
    const title = line ? order.products[Number(line[1])]?.title : undefined;
    return texts.map((text) => (title ? `${title}: ${text}` : text));
  });

/**
 * The coordinate flow's step into delivery: the warehouse the order's export slip leaves from
 * (the first one unless another is chosen), or no slip. A refusal (a product short in that
 * warehouse) shows under the choice, and the order stays as it was.
 */
export const DeliveryModal = ({
  order,
  onClose,
  onMoved,
}: {
  order: Order | null;
  onClose: () => void;
  onMoved?: (order: Order) => void;
}) => {
  const { t } = useTranslation('commerce');
  const { can } = usePermissions();
  // The server makes the slip only for those who may write slips; the others move without one.
  const mayExport = can('manage-warehouses') && can('edit-warehouses');
  const warehouses = useWarehouses(order !== null && mayExport);
  const [choice, setChoice] = useState<Choice>();
  const [refusal, setRefusal] = useState<string[]>([]);

  const close = () => {
    setChoice(undefined);
    setRefusal([]);
    onClose();
  };
  const move = useMoveOrder(
    (moved) => {
      close();
      onMoved?.(moved);
    },
    (error) => setRefusal(order ? refusalTexts(order, error) : error.messages),
  );
  const chosen: Choice = choice ?? warehouses.data?.[0]?.id ?? NO_SLIP;

  const handleOk = () => {
    if (!order) return;
    setRefusal([]);
    move.mutate({
      id: order.id,
      status: 'delivery',
      ...(chosen === NO_SLIP ? {} : { warehouse_id: chosen }),
    });
  };

  return (
    <Modal
      open={order !== null}
      title={order ? t('orders.delivery.title', { code: order.code }) : ''}
      okText={t('orders.delivery.confirm')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={move.isPending}
      okButtonProps={{ disabled: warehouses.isLoading }}
      onOk={handleOk}
      onCancel={close}
      destroyOnHidden
    >
      <Form layout="vertical" name="order-delivery" component="div">
        <Form.Item
          label={t('orders.delivery.warehouse')}
          htmlFor="order-delivery-warehouse"
          extra={warehouses.isError ? t('common:notices.loadFailed') : t('orders.delivery.help')}
          validateStatus={refusal.length > 0 ? 'error' : undefined}
          help={
            refusal.length > 0 ? (
              <Flex vertical role="alert">
                {refusal.map((text) => (
                  <Typography.Text key={text} type="danger">
                    {text}
                  </Typography.Text>
                ))}
              </Flex>
            ) : undefined
          }
        >
          <Select<Choice>
            id="order-delivery-warehouse"
            value={chosen}
            loading={warehouses.isFetching}
            onChange={(value) => {
              setChoice(value);
              setRefusal([]);
            }}
            options={[
              ...(warehouses.data ?? []).map((warehouse) => ({
                value: warehouse.id,
                label: warehouse.name,
              })),
              { value: NO_SLIP, label: t('orders.delivery.noSlip') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
