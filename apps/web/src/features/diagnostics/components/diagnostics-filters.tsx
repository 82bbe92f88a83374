import { Button, Card, Col, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DIAGNOSTICS_KINDS,
  DIAGNOSTICS_STATES,
  type DiagnosticsKind,
  type DiagnosticsState,
} from '@voltline/contract';
import { useOperatorOptions } from '../../../api/lookups';
import { ChargePointSelect } from '../../../components/charge-point-select';
import { DateTimeRangeFilter, OperatorFilter } from '../../../components/list-filters';
import type { DiagnosticsFilter } from '../filter-params';

/** Charge point, operator, kind, state and request time. */
export function DiagnosticsFilters({
  value,
  onChange,
}: {
  value: DiagnosticsFilter;
  onChange: (next: DiagnosticsFilter) => void;
}) {
  const { t } = useTranslation('diagnostics');
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
            testId="diagnostics-filter-dates"
          />
        </Col>
        <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
          <ChargePointSelect
            value={value.chargePointId}
            onChange={(chargePointId) => onChange({ ...value, chargePointId })}
            placeholder={t('filters.chargePoint')}
            testId="diagnostics-filter-charge-point"
          />
        </Col>
        <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
          <OperatorFilter
            operators={operators}
            value={value.operatorId}
            onChange={(operatorId) => onChange({ ...value, operatorId })}
            placeholder={t('filters.operator')}
            testId="diagnostics-filter-operator"
          />
        </Col>
        <Col flex="1 1 170px" style={{ maxWidth: 260 }}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.status')}
            aria-label={t('filters.status')}
            value={value.status}
            onChange={(status?: DiagnosticsState) => onChange({ ...value, status })}
            options={DIAGNOSTICS_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            data-testid="diagnostics-filter-status"
          />
        </Col>
        <Col flex="1 1 150px" style={{ maxWidth: 220 }}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.kind')}
            aria-label={t('filters.kind')}
            value={value.kind}
            onChange={(kind?: DiagnosticsKind) => onChange({ ...value, kind })}
            options={DIAGNOSTICS_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            data-testid="diagnostics-filter-kind"
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
