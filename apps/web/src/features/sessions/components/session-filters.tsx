import { Button, Card, Checkbox, Col, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SESSION_STATES, type SessionFilter } from '@voltline/contract';
import { ChargePointSelect } from '../../../components/charge-point-select';
import { DriverSelect } from '../../../components/driver-select';
import { useCan } from '../../../hooks/use-permission';
import { DateTimeRangeFilter, OperatorFilter } from '../../../components/list-filters';
import { useOperatorOptions } from '../../../api/lookups';

/** Dates, charge point, driver, card, operator, (on the All tab) state, and roaming partners' only. */
export function SessionFilters({
  value,
  showState,
  onChange,
}: {
  value: SessionFilter;
  showState: boolean;
  onChange: (next: SessionFilter) => void;
}) {
  const { t } = useTranslation('sessions');
  const operators = useOperatorOptions();
  const { t: tc } = useTranslation('common');
  const canSeeChargePoints = useCan('chargePoints:read');
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
            testId="session-filter-dates"
          />
        </Col>
        <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
          {canSeeChargePoints ? (
            <ChargePointSelect
              value={value.chargePointId}
              onChange={(chargePointId) => onChange({ ...value, chargePointId })}
              placeholder={t('filters.chargePoint')}
              testId="session-filter-charge-point"
            />
          ) : (
            <Input.Search
              allowClear
              key={value.chargePointId ?? ''}
              defaultValue={value.chargePointId}
              placeholder={t('filters.chargePointId')}
              aria-label={t('filters.chargePointId')}
              onSearch={(v) => onChange({ ...value, chargePointId: v.trim() || undefined })}
            />
          )}
        </Col>
        {canSeeDrivers && (
          <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
            <DriverSelect
              value={value.driverId}
              onChange={(driverId) => onChange({ ...value, driverId })}
              placeholder={t('filters.driver')}
              testId="session-filter-driver"
            />
          </Col>
        )}
        <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
          <Input.Search
            allowClear
            key={value.idTag ?? ''}
            defaultValue={value.idTag}
            maxLength={20}
            placeholder={t('filters.idTag')}
            aria-label={t('filters.idTag')}
            onSearch={(v) => onChange({ ...value, idTag: v.trim() || undefined })}
            data-testid="session-filter-id-tag"
          />
        </Col>
        <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
          <OperatorFilter
            operators={operators}
            value={value.operatorId}
            onChange={(operatorId) => onChange({ ...value, operatorId })}
            placeholder={t('filters.operator')}
            testId="session-filter-operator"
          />
        </Col>
        {showState && (
          <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
            <Select
              allowClear
              style={{ width: '100%' }}
              placeholder={t('filters.state')}
              aria-label={t('filters.state')}
              value={value.state}
              onChange={(state?: SessionFilter['state']) => onChange({ ...value, state })}
              options={SESSION_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
              data-testid="session-filter-state"
            />
          </Col>
        )}
        <Col flex="none" style={{ alignSelf: 'center' }}>
          <Checkbox
            checked={value.roaming === true}
            onChange={(e) => onChange({ ...value, roaming: e.target.checked || undefined })}
            data-testid="session-filter-roaming"
          >
            {t('roaming.filter')}
          </Checkbox>
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
