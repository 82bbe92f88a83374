import { Button, Card, Col, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_COMMAND_ACTIONS,
  AUDIT_ENTITIES,
  type AuditLogFilter,
} from '@voltline/contract';
import { actionLabel, entityLabel } from '../../../components/audit/audit-format';
import { RemoteSelect } from '../../../components/remote-select';
import { auditUserChoices } from '../api/get-audit-users';
import { DateTimeRangeFilter, OperatorFilter } from '../../../components/list-filters';
import { useOperatorOptions } from '../../../api/lookups';

const ACTIONS = [...AUDIT_ACTIONS, ...AUDIT_COMMAND_ACTIONS];

/** User, operator, record type, action and time. */
export function AuditFilters({
  value,
  onChange,
}: {
  value: AuditLogFilter;
  onChange: (next: AuditLogFilter) => void;
}) {
  const { t, i18n } = useTranslation('auditLogs');
  const operators = useOperatorOptions();
  const { t: tc } = useTranslation('common');
  const byLabel = (a: { label: string }, b: { label: string }) =>
    a.label.localeCompare(b.label, i18n.language);

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
        <Col flex="1 1 200px" style={{ maxWidth: 320 }}>
          <RemoteSelect<number>
            source={auditUserChoices}
            value={value.userId}
            onChange={(userId) => onChange({ ...value, userId })}
            placeholder={t('filters.user')}
            testId="audit-filter-user"
          />
        </Col>
        <Col flex="1 1 170px" style={{ maxWidth: 300 }}>
          <OperatorFilter
            operators={operators}
            value={value.operatorId}
            onChange={(operatorId) => onChange({ ...value, operatorId })}
            placeholder={t('filters.operator')}
            testId="audit-filter-operator"
          />
        </Col>
        <Col flex="1 1 170px" style={{ maxWidth: 260 }}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: '100%' }}
            placeholder={t('filters.entity')}
            aria-label={t('filters.entity')}
            value={value.entity}
            onChange={(entity?: string) => onChange({ ...value, entity })}
            options={AUDIT_ENTITIES.map((e) => ({ value: e, label: entityLabel(t, e) })).sort(byLabel)}
            data-testid="audit-filter-entity"
          />
        </Col>
        <Col flex="1 1 200px" style={{ maxWidth: 300 }}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: '100%' }}
            placeholder={t('filters.action')}
            aria-label={t('filters.action')}
            value={value.action}
            onChange={(action?: string) => onChange({ ...value, action })}
            options={ACTIONS.map((a) => ({ value: a, label: actionLabel(t, a) })).sort(byLabel)}
            data-testid="audit-filter-action"
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
