import { useMemo } from 'react';
import { Alert, Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ManualBalanceKind, type DriverDetail } from '@voltline/contract';
import { useAdjustBalance } from '../api/adjust-balance';
import { decimalSeparator, formatMoney, toMinor } from '../../../lib/billing-format';
import { FormModal } from './form-modal';

interface BalanceValues {
  direction: 'credit' | 'debit';
  amount: number;
  kind: (typeof ManualBalanceKind.options)[number];
  reason: string;
}

const MAX_MAJOR = 1_000_000;

/** crypto.randomUUID exists only in secure contexts; a portal served over plain HTTP lacks it. */
function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `portal-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Posts one ledger entry: a credit or a debit, its kind and the reason staff give for it. */
export function BalanceDialog({
  driver,
  open,
  onClose,
}: {
  driver: DriverDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('drivers');
  const adjust = useAdjustBalance();
  // One reference per opening: a retried submit (a lost answer) posts the entry only once.
  const reference = useMemo(() => (open ? newReference() : ''), [open]);

  return (
    <FormModal<BalanceValues>
      open={open}
      width={560}
      title={t('balance.adjustTitle')}
      okText={t('balance.post')}
      initialValues={{ direction: 'credit', kind: 'adjustment' }}
      onClose={onClose}
      onSubmit={(v) =>
        adjust.mutateAsync({
          driverId: driver.id,
          amount: v.direction === 'debit' ? -toMinor(v.amount) : toMinor(v.amount),
          kind: v.kind,
          reason: v.reason.trim(),
          reference,
        })
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('balance.current', {
          amount: formatMoney(driver.balance, driver.currency, i18n.language),
        })}
      />
      <Form.Item name="direction" label={t('balance.direction')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'credit', label: t('balance.credit') },
            { value: 'debit', label: t('balance.debit') },
          ]}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="amount"
            label={t('balance.amount')}
            rules={[{ required: true }, { type: 'number', min: 0.01, max: MAX_MAJOR }]}
          >
            <InputNumber<number>
              style={{ width: '100%' }}
              min={0}
              precision={2}
              decimalSeparator={decimalSeparator(i18n.language)}
              step={10}
              addonAfter={driver.currency}
              data-testid="balance-amount"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="kind" label={t('balance.kind')} rules={[{ required: true }]}>
            <Select
              options={ManualBalanceKind.options.map((k) => ({ value: k, label: t(`balance.kinds.${k}`) }))}
              data-testid="balance-kind"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="reason"
        label={t('balance.reason')}
        rules={[{ required: true, whitespace: true }, { max: 300 }]}
      >
        <Input.TextArea rows={3} showCount maxLength={300} placeholder={t('balance.reasonPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
