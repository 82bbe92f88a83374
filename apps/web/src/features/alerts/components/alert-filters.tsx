import { Button, Card, Col, Row, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALERT_STATES, type AlertState } from '@voltline/contract';
import { useOperatorOptions } from '../../../api/lookups';
import { ChargePointSelect } from '../../../components/charge-point-select';
import { OperatorFilter } from '../../../components/list-filters';
import type { AlertFilter } from '../filter-params';

/** Open / Acknowledged / Resolved / All, the operator and a charger the alert holds. */
export function AlertFilters({
  value,
  onChange,
}: {
  value: AlertFilter;
  onChange: (next: AlertFilter) => void;
}) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation('common');
  const operators = useOperatorOptions();

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
      <Row gutter={[12, 12]} align="middle">
        <Col flex="none">
          <Segmented<AlertState | 'all'>
            value={value.state ?? 'all'}
            onChange={(state) => onChange({ ...value, state: state === 'all' ? undefined : state })}
            options={[...ALERT_STATES, 'all' as const].map((s) => ({ value: s, label: t(`tabs.${s}`) }))}
            data-testid="alert-state-filter"
          />
        </Col>
        <Col flex="1 1 200px" style={{ maxWidth: 300 }}>
          <OperatorFilter
            operators={operators}
            value={value.operatorId}
            onChange={(operatorId) => onChange({ ...value, operatorId })}
            placeholder={t('filters.operator')}
            testId="alert-filter-operator"
          />
        </Col>
        <Col flex="1 1 200px" style={{ maxWidth: 300 }}>
          <ChargePointSelect
            value={value.chargePointId}
            onChange={(chargePointId) => onChange({ ...value, chargePointId: chargePointId ?? undefined })}
            placeholder={t('filters.chargePoint')}
            testId="alert-filter-charge-point"
          />
        </Col>
        <Col flex="none" style={{ marginInlineStart: 'auto' }}>
          <Button block onClick={() => onChange({ state: 'open' })}>
            {tc('actions.reset')}
          </Button>
        </Col>
      </Row>
    </Card>
  );
}
