import { Button, Card, Col, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '@voltline/contract';
import { useOperatorLookup } from '../api/get-operator-lookup';
import { OperatorFilter } from '../../../components/list-filters';

export interface UserFilterValues {
  search?: string;
  operatorId?: number;
  role?: Role;
  active?: boolean;
}

export function UserFilters({
  value,
  onChange,
}: {
  value: UserFilterValues;
  onChange: (next: UserFilterValues) => void;
}) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const operators = useOperatorLookup();
  const activeValue = value.active === undefined ? 'all' : value.active ? 'active' : 'inactive';

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
            data-testid="user-search"
          />
        </Col>
        <Col xs={24} sm={12} md={5}>
          <OperatorFilter
            operators={operators}
            value={value.operatorId}
            onChange={(operatorId) => onChange({ ...value, operatorId })}
            placeholder={t('filters.operator')}
            testId="user-filter-operator"
          />
        </Col>
        <Col xs={24} sm={12} md={5}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.role')}
            aria-label={t('filters.role')}
            value={value.role}
            onChange={(role?: Role) => onChange({ ...value, role })}
            options={ROLES.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
            data-testid="user-filter-role"
          />
        </Col>
        <Col xs={16} sm={12} md={4}>
          <Select
            style={{ width: '100%' }}
            aria-label={t('filters.status')}
            value={activeValue}
            onChange={(v: string) => onChange({ ...value, active: v === 'all' ? undefined : v === 'active' })}
            options={[
              { value: 'all', label: t('filters.allStatuses') },
              { value: 'active', label: t('status.active') },
              { value: 'inactive', label: t('status.inactive') },
            ]}
            data-testid="user-filter-status"
          />
        </Col>
        <Col xs={8} sm={12} md={2}>
          <Button block onClick={() => onChange({})}>
            {tc('actions.reset')}
          </Button>
        </Col>
      </Row>
    </Card>
  );
}
