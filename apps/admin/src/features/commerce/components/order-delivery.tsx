import { Flex, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/profile';
import type { Order } from '../api/orders-api';
import { useWarehouses } from '../api/warehouses-api';
import { useMoveOrder } from './order-status';

const AUTOMATIC = 'auto';
type Choice = number | typeof AUTOMATIC;

/** A refusal's messages; a product line's is named by the line's title (which product is short). */
const refusalTexts = (order: Order, error: ApiError) =>
  Object.entries(error.errors).flatMap(([field, texts]) => {
    const line = /^products\.(\d+)\./.exec(field);
    const title = line ? order.products[Number(line[1])]?.title : undefined;
    return texts.map((text) => (title ? `${title}: ${text}` : text));
  });

/**
 * The coordinate flow's step into delivery. The server always makes the order's export slip
 * when the shop has a warehouse (under the order permission), from the warehouse chosen here or
 * by default the first that holds every line; a shop without warehouses ships without a slip.
 * Choosing a warehouse needs seeing them (`manage-warehouses`); everyone else gets the default.
 * An order exported by hand already has its slip, and no new one is made. A refusal (a product
 * short, with the units on hand) shows under the choice, and the order stays as it was.
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
  const exported = order?.export_slip ?? null;
  const mayChoose = can('manage-warehouses') && exported === null;
  const warehouses = useWarehouses(order !== null && mayChoose);
  const [choice, setChoice] = useState<Choice>(AUTOMATIC);
  const [refusal, setRefusal] = useState<string[]>([]);

  const close = () => {
    setChoice(AUTOMATIC);
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

  const handleOk = () => {
    if (!order) return;
    setRefusal([]);
    move.mutate({
      id: order.id,
      status: 'delivery',
      ...(choice === AUTOMATIC ? {} : { warehouse_id: choice }),
    });
  };

  const help =
    refusal.length > 0 ? (
      <Flex vertical role="alert">
        {refusal.map((text) => (
          <Typography.Text key={text} type="danger">
            {text}
          </Typography.Text>
        ))}
      </Flex>
    ) : undefined;

  return (
    <Modal
      open={order !== null}
      title={order ? t('orders.delivery.title', { code: order.code }) : ''}
      okText={t('orders.delivery.confirm')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={move.isPending}
      onOk={handleOk}
      onCancel={close}
      destroyOnHidden
    >
      {exported ? (
        <Flex vertical gap={8}>
          <Typography.Paragraph>
            {t('orders.delivery.alreadyExported', { code: exported.code })}
          </Typography.Paragraph>
          {help}
        </Flex>
      ) : (
        <Form layout="vertical" name="order-delivery" component="div">
          <Form.Item
            label={t('orders.delivery.warehouse')}
            htmlFor="order-delivery-warehouse"
            extra={warehouses.isError ? t('common:notices.loadFailed') : t('orders.delivery.help')}
            validateStatus={refusal.length > 0 ? 'error' : undefined}
            help={help}
          >
            <Select<Choice>
              id="order-delivery-warehouse"
              value={choice}
              loading={warehouses.isFetching}
              disabled={!mayChoose}
              onChange={(value) => {
                setChoice(value);
                setRefusal([]);
              }}
              options={[
                { value: AUTOMATIC, label: t('orders.delivery.automatic') },
                ...(warehouses.data ?? []).map((warehouse) => ({
                  value: warehouse.id,
                  label: warehouse.name,
                })),
              ]}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};
