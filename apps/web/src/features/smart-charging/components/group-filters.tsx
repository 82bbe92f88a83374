import { Button, Card, Col, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOperatorOptions } from '../../../api/lookups';
import { OperatorFilter } from '../../../components/list-filters';
import type { GroupFilter } from '../filter-params';

export function GroupFilters({
  value,
  onChange,
}: {
  value: GroupFilter;
  onChange: (next: GroupFilter) => void;
}) {
  const { t } = useTranslation('smartCharging');
  const { t: tc } = useTranslation('common');
  const operators = useOperatorOptions();
  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
      <Row gutter={[12, 12]}>
        <Col xs={24} md={10}>
          <Input.Search
            allowClear
            key={value.search ?? ''}
            defaultValue={value.search}
            placeholder={t('filters.search')}
            aria-label={t('filters.search')}
            onSearch={(search) => onChange({ ...value, search: search.trim() || undefined })}
            data-testid="sc-search"
          />
        </Col>
        <Col xs={24} sm={16} md={8}>
          <OperatorFilter
            operators={operators}
            value={value.operatorId}
            onChange={(operatorId) => onChange({ ...value, operatorId })}
            placeholder={t('filters.operator')}
            testId="sc-filter-operator"
          />
        </Col>
        <Col xs={24} sm={8} md={6}>
          <Button block onClick={() => onChange({ search: undefined, operatorId: undefined })}>
            {tc('actions.reset')}
          </Button>
        </Col>
      </Row>
    </Card>
  );
}
