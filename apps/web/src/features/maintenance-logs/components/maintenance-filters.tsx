import { Button, Card, Col, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAINTENANCE_SOURCES, MAINTENANCE_TYPES, type MaintenanceLogFilter } from '@voltline/contract';
import { useOperatorOptions } from '../../../api/lookups';
import { ChargePointSelect } from '../../../components/charge-point-select';
import { DateTimeRangeFilter, OperatorFilter } from '../../../components/list-filters';

/** Charge point, operator, type, source, time and words. */
export function MaintenanceFilters({
  value,
  onChange,
}: {
  value: MaintenanceLogFilter;
  onChange: (next: MaintenanceLogFilter) => void;
}) {
  const { t } = useTranslation('maintenance');
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
        <Col flex="1 1 200px" style={{ maxWidth: 300 }}>
          <ChargePointSelect
            value={value.chargePointId}
            onChange={(chargePointId) => onChange({ ...value, chargePointId: chargePointId ?? undefined })}
            placeholder={t('filters.chargePoint')}
            testId="maintenance-filter-charge-point"
          />
        </Col>
        <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
          <OperatorFilter
            operators={operators}
            value={value.operatorId}
            onChange={(operatorId) => onChange({ ...value, operatorId })}
            placeholder={t('filters.operator')}
            testId="maintenance-filter-operator"
          />
        </Col>
        <Col flex="1 1 160px" style={{ maxWidth: 240 }}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.type')}
            aria-label={t('filters.type')}
            value={value.type}
            onChange={(type?: MaintenanceLogFilter['type']) => onChange({ ...value, type })}
            options={MAINTENANCE_TYPES.map((k) => ({ value: k, label: t(`types.${k}`) }))}
            data-testid="maintenance-filter-type"
          />
        </Col>
        <Col flex="1 1 140px" style={{ maxWidth: 200 }}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.source')}
            aria-label={t('filters.source')}
            value={value.source}
            onChange={(source?: MaintenanceLogFilter['source']) => onChange({ ...value, source })}
            options={MAINTENANCE_SOURCES.map((k) => ({ value: k, label: t(`sources.${k}`) }))}
            data-testid="maintenance-filter-source"
          />
        </Col>
        <Col flex="1 1 220px" style={{ maxWidth: 340 }}>
          <Input.Search
            allowClear
            placeholder={t('filters.search')}
            aria-label={t('filters.search')}
            defaultValue={value.search}
            key={value.search ?? ''}
            onSearch={(search) => onChange({ ...value, search: search.trim() || undefined })}
            data-testid="maintenance-filter-search"
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
