import { Button, Col, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceFirmwareFilter } from '@voltline/contract';
import { useOperatorOptions } from '../../../api/lookups';
import { OperatorFilter } from '../../../components/list-filters';
import { useBrands } from '../api/get-reference';

/** Search, operator, brand, model, firmware version and connection of chargers. */
export function DeviceFilters({
  value,
  onChange,
  testPrefix,
}: {
  value: DeviceFirmwareFilter;
  onChange: (next: DeviceFirmwareFilter) => void;
  testPrefix: string;
}) {
  const { t } = useTranslation('firmware');
  const { t: tc } = useTranslation('common');
  const operators = useOperatorOptions();
  const brands = useBrands();
  const models = brands.data?.find((b) => b.name === value.brand)?.models ?? [];
  const text = (key: 'search' | 'firmwareVersion', md: number) => (
    <Col xs={24} sm={12} md={md}>
      <Input.Search
        allowClear
        key={value[key] ?? ''}
        defaultValue={value[key]}
        placeholder={t(`filters.${key}`)}
        aria-label={t(`filters.${key}`)}
        onSearch={(v) => onChange({ ...value, [key]: v.trim() || undefined })}
        data-testid={`${testPrefix}-filter-${key}`}
      />
    </Col>
  );

  return (
    <Row gutter={[12, 12]}>
      {text('search', 5)}
      <Col xs={24} sm={12} md={4}>
        <OperatorFilter
          operators={operators}
          value={value.operatorId}
          onChange={(operatorId) => onChange({ ...value, operatorId })}
          placeholder={t('filters.operator')}
          testId={`${testPrefix}-filter-operator`}
        />
      </Col>
      <Col xs={12} md={3}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%' }}
          placeholder={t('filters.brand')}
          aria-label={t('filters.brand')}
          value={value.brand}
          onChange={(brand?: string) => onChange({ ...value, brand, model: undefined })}
          options={brands.data?.map((b) => ({ value: b.name, label: b.name }))}
        />
      </Col>
      <Col xs={12} md={3}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%' }}
          placeholder={t('filters.model')}
          aria-label={t('filters.model')}
          disabled={!value.brand}
          value={value.model}
          onChange={(model?: string) => onChange({ ...value, model })}
          options={models.map((m) => ({ value: m, label: m }))}
        />
      </Col>
      {text('firmwareVersion', 4)}
      <Col xs={12} md={3}>
        <Select
          allowClear
          style={{ width: '100%' }}
          placeholder={t('filters.connection')}
          aria-label={t('filters.connection')}
          value={value.connection}
          onChange={(connection?: DeviceFirmwareFilter['connection']) => onChange({ ...value, connection })}
          options={(['Connected', 'Disconnected'] as const).map((c) => ({
            value: c,
            label: t(`connection.${c}`),
          }))}
          data-testid={`${testPrefix}-filter-connection`}
        />
      </Col>
      <Col xs={12} md={2}>
        <Button block onClick={() => onChange({})}>
          {tc('actions.reset')}
        </Button>
      </Col>
    </Row>
  );
}
