import { Card, Col, DatePicker, Flex, Input, Row, Segmented, Select, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { OCPP_LOG_TYPES } from '@voltline/contract';
import { dateFormat } from '../../lib/format';
import type { OcppLogState } from './log-state';

/** Actions offered in the type filter; any other action can be typed in. */
const COMMON_ACTIONS = [
  'BootNotification',
  'Heartbeat',
  'StatusNotification',
  'Authorize',
  'StartTransaction',
  'StopTransaction',
  'MeterValues',
  'DataTransfer',
  'FirmwareStatusNotification',
  'DiagnosticsStatusNotification',
  'RemoteStartTransaction',
  'RemoteStopTransaction',
  'Reset',
  'ChangeConfiguration',
  'GetConfiguration',
  'TriggerMessage',
  'UnlockConnector',
  'ChangeAvailability',
  'ClearCache',
];

export function OcppLogFilters({
  state,
  fixedChargePoint,
  onChange,
}: {
  state: OcppLogState;
  fixedChargePoint?: boolean;
  onChange: (next: OcppLogState) => void;
}) {
  const { t, i18n } = useTranslation('ocppLogs');
  const { filter } = state;
  const types = filter.Types ? filter.Types.split(',').filter(Boolean) : [];
  const setFilter = (next: OcppLogState['filter']) => onChange({ ...state, filter: next, index: 0 });

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
      <Row gutter={[12, 12]} align="middle">
        <Col xs={24} lg={8}>
          <DatePicker.RangePicker
            showTime={{ format: dateFormat('time', i18n.language) }}
            format={dateFormat('dateTime', i18n.language)}
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
            aria-label={t('filters.period')}
            placeholder={[t('filters.start'), t('filters.end')]}
            value={[
              filter.StartDate ? dayjs(filter.StartDate) : null,
              filter.EndDate ? dayjs(filter.EndDate) : null,
            ]}
            onChange={(range) =>
              setFilter({
                ...filter,
                StartDate: range?.[0]?.toISOString() ?? undefined,
                EndDate: range?.[1]?.toISOString() ?? undefined,
              })
            }
          />
        </Col>
        {!fixedChargePoint && (
          <Col xs={24} sm={12} lg={5}>
            <Input.Search
              allowClear
              key={filter.ChargePointId ?? ''}
              defaultValue={filter.ChargePointId}
              placeholder={t('filters.chargePoint')}
              aria-label={t('filters.chargePoint')}
              onSearch={(v) => setFilter({ ...filter, ChargePointId: v.trim() || undefined })}
              data-testid="log-filter-cp"
            />
          </Col>
        )}
        <Col xs={24} sm={12} lg={fixedChargePoint ? 9 : 6}>
          <Select
            mode="tags"
            allowClear
            style={{ width: '100%' }}
            placeholder={t('filters.types')}
            aria-label={t('filters.types')}
            value={types}
            onChange={(v: string[]) => setFilter({ ...filter, Types: v.length ? v.join(',') : undefined })}
            options={[
              {
                label: t('filters.messageTypes'),
                options: OCPP_LOG_TYPES.map((m) => ({ value: m, label: m })),
              },
              { label: t('filters.actions'), options: COMMON_ACTIONS.map((a) => ({ value: a, label: a })) },
            ]}
            data-testid="log-filter-types"
          />
        </Col>
        <Col xs={24} lg={fixedChargePoint ? 7 : 5}>
          <Flex gap={16} align="center" justify="end" wrap>
            <Segmented
              value={state.view}
              onChange={(view) => onChange({ ...state, view: view as OcppLogState['view'], index: 0 })}
              options={[
                { value: 'frames', label: t('view.frames') },
                { value: 'pairs', label: t('view.pairs') },
              ]}
              data-testid="log-view"
            />
            <Flex gap={8} align="center">
              <Switch
                checked={state.live}
                onChange={(live) => onChange({ ...state, live })}
                aria-label={t('live')}
                data-testid="log-live"
              />
              <Typography.Text>{t('live')}</Typography.Text>
            </Flex>
          </Flex>
        </Col>
      </Row>
    </Card>
  );
}
