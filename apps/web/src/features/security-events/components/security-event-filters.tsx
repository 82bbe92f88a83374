import { Button, Card, Col, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SECURITY_EVENT_TYPES, type SecurityEventFilter } from '@voltline/contract';
import { ChargePointSelect } from '../../../components/charge-point-select';
import { DateTimeRangeFilter } from '../../../components/list-filters';

/** Time, charge point, event type and critical only. */
export function SecurityEventFilters({
  value,
  onChange,
}: {
  value: SecurityEventFilter;
  onChange: (next: SecurityEventFilter) => void;
}) {
  const { t } = useTranslation('security');
  const { t: tc } = useTranslation('common');

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
      <Row gutter={[12, 12]} align="middle">
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
            testId="security-filter-charge-point"
          />
        </Col>
        <Col flex="1 1 220px" style={{ maxWidth: 340 }}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: '100%' }}
            placeholder={t('filters.type')}
            aria-label={t('filters.type')}
            value={value.type}
            onChange={(type?: string) => onChange({ ...value, type })}
            options={SECURITY_EVENT_TYPES.map((k) => ({ value: k, label: t(`eventTypes.${k}`) }))}
            data-testid="security-filter-type"
          />
        </Col>
        <Col flex="none">
          <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            <Switch
              checked={value.criticalOnly === true}
              onChange={(on) => onChange({ ...value, criticalOnly: on || undefined })}
              data-testid="security-filter-critical"
            />
            <Typography.Text>{t('filters.criticalOnly')}</Typography.Text>
          </label>
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
