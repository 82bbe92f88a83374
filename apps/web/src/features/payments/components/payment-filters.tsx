import { Button, Card, Col, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAYMENT_KINDS, PAYMENT_STATES, type PaymentFilter } from '@voltline/contract';
import { DriverSelect } from '../../../components/driver-select';
import { useCan } from '../../../hooks/use-permission';
import { DateTimeRangeFilter, OperatorFilter } from '../../../components/list-filters';
import { useOperatorOptions } from '../../../api/lookups';

/** Dates, transaction id, driver, operator, kind and state. */
export function PaymentFilters({
  value,
  onChange,
}: {
  value: PaymentFilter;
  onChange: (next: PaymentFilter) => void;
}) {
  const { t } = useTranslation('payments');
  const operators = useOperatorOptions();
  const { t: tc } = useTranslation('common');
  const canSeeDrivers = useCan('drivers:read');

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
      <Row gutter={[12, 12]}>
        <Col flex="2 1 320px" style={{ maxWidth: 440 }}>
          <DateTimeRangeFilter
            from={value.from}
            to={value.to}
            onChange={(range) => onChange({ ...value, ...range })}
            placeholders={[t('filters.from'), t('filters.to')]}
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
          <OperatorFilter
            operators={operators}
            value={value.operatorId}
            onChange={(operatorId) => onChange({ ...value, operatorId })}
            placeholder={t('filters.operator')}
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
