import { Button, Card, Col, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CHARGE_POINT_STATES,
  CONNECTION_STATES,
  CONNECTOR_STATUSES,
  OCPP_PROTOCOLS,
  type ChargePointFilter,
} from '@voltline/contract';
import type { DeviceList } from '../api/keys';
import { useOperatorLookup } from '../api/get-operator-lookup';
import { useBrands } from '../api/get-reference';
import { OperatorFilter } from '../../../components/list-filters';
import { PROTOCOL_KEYS } from './protocol-tag';

export function ChargePointFilters({
  kind,
  value,
  onChange,
}: {
  kind: DeviceList;
  value: ChargePointFilter;
  onChange: (next: ChargePointFilter) => void;
}) {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const operators = useOperatorLookup();
  const brands = useBrands();
  const models = brands.data?.find((b) => b.name === value.brand)?.models ?? [];
  const text = (key: 'search' | 'city', span: number) => (
    <Col xs={24} sm={12} md={span}>
      <Input.Search
        allowClear
        key={value[key] ?? ''}
        defaultValue={value[key]}
        placeholder={t(`filters.${key}`)}
        aria-label={t(`filters.${key}`)}
        onSearch={(v) => onChange({ ...value, [key]: v.trim() || undefined })}
        data-testid={`cp-filter-${key}`}
      />
    </Col>
  );

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
      <Row gutter={[12, 12]}>
        {text('search', 8)}
        <Col xs={24} sm={12} md={4}>
          <OperatorFilter
            operators={operators}
            value={value.operatorId}
            onChange={(operatorId) => onChange({ ...value, operatorId })}
            placeholder={t('filters.operator')}
          />
        </Col>
        <Col xs={12} md={4}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.connection')}
            aria-label={t('filters.connection')}
            value={value.connection}
            onChange={(connection?: ChargePointFilter['connection']) => onChange({ ...value, connection })}
            options={CONNECTION_STATES.map((c) => ({ value: c, label: t(`connection.${c}`) }))}
            data-testid="cp-filter-connection"
          />
        </Col>
        <Col xs={12} md={4}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('faults.state.filter')}
            aria-label={t('faults.state.filter')}
            value={value.state}
            onChange={(state?: ChargePointFilter['state']) => onChange({ ...value, state })}
            options={CHARGE_POINT_STATES.map((s) => ({ value: s, label: t(`faults.state.${s}`) }))}
            data-testid="cp-filter-state"
          />
        </Col>
        <Col xs={12} md={4}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.status')}
            aria-label={t('filters.status')}
            value={value.status}
            onChange={(status?: ChargePointFilter['status']) => onChange({ ...value, status })}
            options={CONNECTOR_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            data-testid="cp-filter-status"
          />
        </Col>
        <Col xs={12} md={4}>
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.protocol')}
            aria-label={t('filters.protocol')}
            value={value.ocppProtocol}
            onChange={(ocppProtocol?: ChargePointFilter['ocppProtocol']) =>
              onChange({ ...value, ocppProtocol })
            }
            options={OCPP_PROTOCOLS.map((p) => ({ value: p, label: t(PROTOCOL_KEYS[p]) }))}
            data-testid="cp-filter-protocol"
          />
        </Col>
        {kind === 'inactive' && (
          <Col xs={12} md={4}>
            <Select
              style={{ width: '100%' }}
              aria-label={t('filters.registration')}
              allowClear
              placeholder={t('filters.registration')}
              value={value.registrationStatus === 'accepted' ? undefined : value.registrationStatus}
              onChange={(r?: 'pending' | 'rejected') => onChange({ ...value, registrationStatus: r })}
              options={(['pending', 'rejected'] as const).map((r) => ({
                value: r,
                label: t(`registration.${r}`),
              }))}
            />
          </Col>
        )}
        <Col xs={12} md={4}>
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
        <Col xs={12} md={4}>
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
        {text('city', 4)}
        <Col xs={24} md={4}>
          <Button block onClick={() => onChange({})}>
            {tc('actions.reset')}
          </Button>
        </Col>
      </Row>
    </Card>
  );
}
