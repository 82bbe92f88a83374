import { Button, Card, Col, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DRIVER_STATUSES, type DriverFilter, type DriverStatus } from '@voltline/contract';
import { useOperatorLookup } from '../api/get-operator-lookup';
import { OperatorFilter } from '../../../components/list-filters';

export function DriverFilters({
  value,
  onChange,
}: {
  value: DriverFilter;
  onChange: (next: DriverFilter) => void;
}) {
  const { t } = useTranslation('drivers');
  const { t: tc } = useTranslation('common');
  const operators = useOperatorLookup();
  const cardValue = value.hasCard === undefined ? 'all' : value.hasCard ? 'with' : 'without';

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
      <Row gutter={[12, 12]}>
        <Col xs={24} md={8}>
          <Input.Search
            allowClear
            key={value.search ?? ''}
            defaultValue={value.search}
            placeholder={t('filters.search')}
            aria-label={t('filters.search')}
            onSearch={(search) => onChange({ ...value, search: search.trim() || undefined })}
            data-testid="driver-search"
          />
        </Col>
        <Col xs={24} sm={12} md={5}>
          <OperatorFilter
            operators={operators}
            value={value.operatorId}
            onChange={(operatorId) => onChange({ ...value, operatorId })}
            placeholder={t('filters.operator')}
            activeOnly
            testId="driver-filter-operator"
          />
        </Col>
        <Col xs={24} sm={12} md={4}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.status')}
            aria-label={t('filters.status')}
            value={value.status}
            onChange={(status?: DriverStatus) => onChange({ ...value, status })}
            options={DRIVER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            data-testid="driver-filter-status"
          />
        </Col>
        <Col xs={16} sm={12} md={4}>
          <Select
            style={{ width: '100%' }}
            aria-label={t('filters.cards')}
            value={cardValue}
            onChange={(v: string) => onChange({ ...value, hasCard: v === 'all' ? undefined : v === 'with' })}
            options={[
              { value: 'all', label: t('filters.anyCards') },
              { value: 'with', label: t('filters.withCards') },
              { value: 'without', label: t('filters.withoutCards') },
            ]}
            data-testid="driver-filter-cards"
          />
        </Col>
        <Col xs={8} sm={12} md={3}>
          <Button block onClick={() => onChange({})}>
            {tc('actions.reset')}
          </Button>
        </Col>
      </Row>
    </Card>
  );
}
