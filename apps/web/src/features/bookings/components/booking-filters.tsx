import { Button, Card, Col, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BOOKING_STATES } from '@voltline/contract';
import { useOperatorOptions } from '../../../api/lookups';
import { ChargePointSelect } from '../../../components/charge-point-select';
import { DriverSelect } from '../../../components/driver-select';
import { DateTimeRangeFilter, OperatorFilter } from '../../../components/list-filters';
import type { BookingFilter } from '../api/keys';

/** State, charge point, driver, operator and time. */
export function BookingFilters({
  value,
  onChange,
}: {
  value: BookingFilter;
  onChange: (next: BookingFilter) => void;
}) {
  const { t } = useTranslation('bookings');
  const { t: tc } = useTranslation('common');
  const operators = useOperatorOptions();

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
        <Col flex="1 1 150px" style={{ maxWidth: 220 }}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.state')}
            aria-label={t('filters.state')}
            value={value.state}
            onChange={(state?: BookingFilter['state']) => onChange({ ...value, state })}
            options={BOOKING_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            data-testid="booking-filter-state"
          />
        </Col>
        <Col flex="1 1 200px" style={{ maxWidth: 300 }}>
          <ChargePointSelect
            value={value.chargePointId}
            onChange={(chargePointId) => onChange({ ...value, chargePointId: chargePointId ?? undefined })}
            placeholder={t('filters.chargePoint')}
            testId="booking-filter-charge-point"
          />
        </Col>
        <Col flex="1 1 200px" style={{ maxWidth: 300 }}>
          <DriverSelect
            value={value.driverId}
            onChange={(driverId) => onChange({ ...value, driverId: driverId ?? undefined })}
            placeholder={t('filters.driver')}
            testId="booking-filter-driver"
          />
        </Col>
        <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
          <OperatorFilter
            operators={operators}
            value={value.operatorId}
            onChange={(operatorId) => onChange({ ...value, operatorId })}
            placeholder={t('filters.operator')}
            testId="booking-filter-operator"
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
