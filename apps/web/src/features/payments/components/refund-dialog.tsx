import { useState } from 'react';
import { Alert, Descriptions, Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@voltline/contract';
import { currencySymbol, decimalSeparator, formatMoney, toMajor, toMinor } from '../../../lib/billing-format';
import { useRefundPayment } from '../api/refund-payment';
import { newIdempotencyKey } from '../idempotency-key';
import { refundable } from '../adhoc';
import { useGatewayName } from './payment-tags';

/**
 * Refund part or all of a payment: the amount defaults to what is left and cannot exceed it,
 * and a second step asks to confirm. The dialog keeps one idempotency key, so a retry after a
 * lost answer refunds once. Mount it per payment (key) so each dialog gets its own key.
 */
export function RefundDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const { t, i18n } = useTranslation('payments');
  const lng = i18n.language;
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [form] = Form.useForm<{ amount: number }>();
  const [confirming, setConfirming] = useState<number | null>(null);
  const refund = useRefundPayment();
  const left = refundable(payment);
  const money = (minor: number) => formatMoney(minor, payment.currency, lng);
  const gatewayName = useGatewayName();
  const adhoc = payment.adhoc;

  const submit = async () => {
    if (confirming === null) {
      const { amount } = await form.validateFields();
      setConfirming(toMinor(amount));
      return;
    }
    refund.mutate({ pgTranId: payment.pgTranId, amount: confirming, idempotencyKey }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      title={t('refund.title')}
      okText={
        confirming === null ? t('refund.continue') : t('refund.confirmButton', { amount: money(confirming) })
      }
      okButtonProps={{ danger: confirming !== null }}
      cancelText={confirming === null ? t('refund.cancel') : t('refund.back')}
      confirmLoading={refund.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => (confirming === null || refund.isPending ? onClose() : setConfirming(null))}
      mask={{ closable: !refund.isPending }}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('fields.pgTranId')}>
          <Typography.Text style={{ fontFamily: 'monospace' }}>{payment.pgTranId}</Typography.Text>
        </Descriptions.Item>
        {payment.driverName && (
          <Descriptions.Item label={t('fields.driver')}>{payment.driverName}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('fields.amount')}>{money(payment.amount)}</Descriptions.Item>
        {adhoc && (
          <Descriptions.Item label={t('adhoc.figures.captured')}>
            {money(adhoc.capturedAmount)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('fields.refunded')}>{money(payment.refundedAmount)}</Descriptions.Item>
        <Descriptions.Item label={t('refund.left')}>
          <Typography.Text strong>{money(left)}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {adhoc && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('refund.adhocTitle', { provider: gatewayName(adhoc.provider) })}
          description={t('refund.adhocNote', { captured: money(adhoc.capturedAmount) })}
          data-testid="refund-adhoc-note"
        />
      )}
      {confirming === null ? (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ amount: toMajor(left) }}
          onFinish={() => void submit()}
        >
          <Form.Item
            label={t('refund.amount')}
            name="amount"
            extra={t('refund.amountHint', { max: money(left) })}
            rules={[
              { required: true, message: t('refund.amountRequired') },
              {
                validator: (_, v: number | null) =>
                  v === null || v === undefined
                    ? Promise.resolve()
                    : toMinor(v) <= 0
                      ? Promise.reject(new Error(t('refund.amountPositive')))
                      : toMinor(v) > left
                        ? Promise.reject(new Error(t('refund.amountTooHigh', { max: money(left) })))
                        : Promise.resolve(),
              },
            ]}
          >
            <InputNumber<number>
              min={0}
              precision={2}
              decimalSeparator={decimalSeparator(lng)}
              prefix={currencySymbol(payment.currency, lng)}
              style={{ width: '100%' }}
              autoFocus
              data-testid="refund-amount"
            />
          </Form.Item>
        </Form>
      ) : (
        <Alert
          type="warning"
          showIcon
          title={t('refund.confirmTitle', { amount: money(confirming) })}
          description={t(confirming === left ? 'refund.confirmFull' : 'refund.confirmPartial', {
            left: money(left - confirming),
          })}
          data-testid="refund-confirm"
        />
      )}
    </Modal>
  );
}
