import { itemResponse } from '@backoffice/shared/list-query.schema';
import { orderRecordSchema, type Order } from '@backoffice/shared/order.schema';
import {
  PAYMENT_ACTIONS,
  vietqrRecordSchema,
  type PaymentAction,
  type VietQr,
} from '@backoffice/shared/payment.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import { writeAudit } from '../../core/audit';
import { serviceContext, type ServiceContext } from '../../core/context';
import { AppError, invalid, notFound } from '../../core/errors';
import { sanitizeSvg } from '../../sanitize/svg';
import type { OrdersService } from './orders.service';
import { vietQrPayload } from './vietqr';
import type { TypedApp } from '../../core/typed-app';
import { readSettings } from '../settings';

const REFUSED: Record<PaymentAction, string> = {
  'mark-paid': 'order.payment_not_unpaid',
  refund: 'order.payment_not_paid',
};

/**
 * Moves an order's payment one step (unpaid → paid, paid → refunded) and logs it. The update
 * names the status it leaves, so of two clicks at once only one moves it and the other is told
 * why; a canceled order takes no payment (a paid one that is canceled may still be refunded).
 */
export const movePayment = async (ctx: ServiceContext, id: number, action: PaymentAction) => {
  const { from, to } = PAYMENT_ACTIONS[action];
  const found = await ctx.transaction(async (tx) => {
    const before = await tx
      .selectFrom('orders')
      .select(['id', 'status', 'payment_status', 'paid_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) return false;
    if (action === 'mark-paid' && before.status === 'canceled')
      throw invalid({ payment_status: 'order.payment_canceled' });
    const stamp = ctx.clock.now().toISOString();
    const paidAt = to === 'paid' ? stamp : before.paid_at;
    const moved = await tx
      .updateTable('orders')
      .set({ payment_status: to, paid_at: paidAt, updated_at: stamp })
      .where('id', '=', id)
      .where('payment_status', '=', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw invalid({ payment_status: REFUSED[action] });
    await writeAudit(tx, ctx.audit, {
      action: 'update',
      entity: 'order',
      entityId: id,
      before: { payment_status: before.payment_status, paid_at: before.paid_at },
      after: { payment_status: to, paid_at: paidAt },
    });
    return true;
  });
  if (!found) throw notFound();
};

const BANK_KEYS = ['bank_bin', 'bank_account'] as const;

/** The QR of an order: the shop's bank account, the order's total and its code as the note. */
export const orderVietQr = async (ctx: ServiceContext, order: Order): Promise<VietQr> => {
  const stored = await readSettings(ctx.db, BANK_KEYS);
  const value = (key: (typeof BANK_KEYS)[number]) => stored[key]?.trim() || null;
  const bin = value('bank_bin');
  const account = value('bank_account');
  if (!bin || !account) throw new AppError('validation_failed', 'order.vietqr_no_bank');
  const payload = vietQrPayload({ bin, account, amount: order.total, note: order.code });
  const { default: QRCode } = await import('qrcode');
  // Level M survives a crease or a smudge on a printed order; the margin is the quiet zone
  // a phone's camera needs.
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return { payload, svg: sanitizeSvg(svg) };
};

/**
 * POST /orders/{id}/mark-paid and /refund (`orders.update`, audited), and GET /orders/{id}/vietqr
 * (`orders.list`: whoever sees and prints the order shows the customer how to pay it).
 */
export const orderPaymentRoutes = async (app: TypedApp, service: OrdersService) => {
  for (const action of Object.keys(PAYMENT_ACTIONS) as PaymentAction[])
    app.post(`/api/v1/orders/:id/${action}`, {
      config: { permission: 'orders.update' },
      schema: {
        tags: ['orders'],
        operationId: action === 'refund' ? 'refundOrder' : 'markOrderPaid',
        summary:
          action === 'refund'
            ? 'Mark a paid order refunded (logged in the audit)'
            : 'Mark an unpaid order paid, now (logged in the audit)',
        params: idParam,
        response: { 200: itemResponse(orderRecordSchema) },
      },
      handler: async (request) => {
        const ctx = serviceContext(request);
        const { id } = request.params;
        await movePayment(ctx, id, action);
        return { data: await service.show(ctx, id) };
      },
    });

  app.get('/api/v1/orders/:id/vietqr', {
    config: { permission: 'orders.list' },
    schema: {
      tags: ['orders'],
      operationId: 'getOrderVietQr',
      summary:
        "The VietQR (NAPAS 247) payload paying this order into the shop's bank account, and its QR code as SVG",
      params: idParam,
      response: { 200: itemResponse(vietqrRecordSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const { id } = request.params;
      return { data: await orderVietQr(ctx, await service.show(ctx, id)) };
    },
  });
};
