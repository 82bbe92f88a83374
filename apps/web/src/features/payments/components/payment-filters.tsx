import { Button, Card, Col, DatePicker, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PAYMENT_KINDS, PAYMENT_STATES, type PaymentFilter } from '@voltline/contract';
import { useOperatorOptions } from '../../../api/lookups';
import { DriverSelect } from '../../../components/driver-select';
import { useCan } from '../../../hooks/use-permission';
import { dateFormat } from '../../../lib/format';

/** Dates, transaction id, driver, operator, kind and state. */
export function PaymentFilters({
  value,
  onChange,
}: {
  value: PaymentFilter;
  onChange: (next: PaymentFilter) => void;
}) {
  const { t, i18n } = useTranslation('payments');
  const { t: tc } = useTranslation('common');
  const canSeeDrivers = useCan('drivers:read');
  const operators = useOperatorOptions();

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
      <Row gutter={[12, 12]}>
        <Col flex="2 1 320px" style={{ maxWidth: 440 }}>
          <DatePicker.RangePicker
            showTime={{ format: dateFormat('time', i18n.language) }}
            format={dateFormat('dateTime', i18n.language)}
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
            placeholder={[t('filters.from'), t('filters.to')]}
            value={[value.from ? dayjs(value.from) : null, value.to ? dayjs(value.to) : null]}
            onChange={(range) =>
              onChange({
                ...value,
                from: range?.[0]?.toISOString() ?? undefined,
                to: range?.[1]?.toISOString() ?? undefined,
              })
            }
          />
        </Col>
        <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
          <Input.Search
            allowClear
            key={value.pgTranId ?? ''}
            defaultValue={value.pgTranId}
            maxLength={64}
            placeholder={t('filters.pgTranId')}
            aria-label={t('filters.pgTranId')}
            onSearch={(v) => onChange({ ...value, pgTranId: v.trim() || undefined })}
            data-testid="payment-filter-tran-id"
          />
        </Col>
        {canSeeDrivers && (
          <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
            <DriverSelect
              value={value.driverId}
              onChange={(driverId) => onChange({ ...value, driverId })}
              placeholder={t('filters.driver')}
            />
          </Col>
        )}
        <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: '100%' }}
            placeholder={t('filters.operator')}
            aria-label={t('filters.operator')}
            loading={operators.isPending}
            value={value.operatorId}
            onChange={(operatorId?: number) => onChange({ ...value, operatorId })}
            options={operators.data?.map((o) => ({ value: o.id, label: o.name }))}
          />
        </Col>
        <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.kind')}
            aria-label={t('filters.kind')}
            value={value.kind}
            onChange={(kind?: PaymentFilter['kind']) => onChange({ ...value, kind })}
            options={PAYMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
        </Col>
        <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.state')}
            aria-label={t('filters.state')}
            value={value.state}
            onChange={(state?: PaymentFilter['state']) => onChange({ ...value, state })}
            options={PAYMENT_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            data-testid="payment-filter-state"
          />
        </Col>
        <Col flex="none" style={{ marginInlineStart: 'auto' }}>
          <Button block onClick={() => onChange({})}>
            {tc('actions.reset')}
          </Button>
        </Col>
      </Row>
    </Card>
  );
}
