import {
  Card,
  Col,
  Flex,
  Progress,
  Row,
  Statistic,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConnectorAllocation, SmartChargingGroupDetail } from '@voltline/contract';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { chargePointPath } from '../paths';
import { formatInUnit, formatKw, sharePercent } from '../units';
import { AllocationStateTag } from './group-tags';

const STATUS_COLORS: Record<string, string> = {
  Available: 'green',
  Preparing: 'cyan',
  Charging: 'blue',
  SuspendedEV: 'gold',
  SuspendedEVSE: 'orange',
  Finishing: 'geekblue',
  Reserved: 'purple',
  Faulted: 'red',
};

/**
 * What the balancer gives each connector now and how each charger answered, with the group's
 * limit against what is given out and what is measured. Fed by the detail query, which refreshes
 * every few seconds.
 */
export function AllocationCard({ group }: { group: SmartChargingGroupDetail }) {
  const { t, i18n } = useTranslation('smartCharging');
  const lng = i18n.language;
  const unit = group.chargingRateUnit;
  const given = sharePercent(group.allocated, group.currentLimit);
  const drawn = sharePercent(group.measuredW, group.currentLimitW);

  const columns: TableColumnsType<ConnectorAllocation> = [
    {
      title: t('allocation.chargePoint'),
      key: 'chargePoint',
      render: (_, a) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Link to={chargePointPath(a.chargePointId)}>{a.chargePointName || a.chargePointId}</Link>
          {a.chargePointName && a.chargePointName !== a.chargePointId && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {a.chargePointId}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('allocation.connector'),
      key: 'connector',
      width: 90,
      align: 'end',
      render: (_, a) => a.connectorId,
    },
    {
      title: t('allocation.status'),
      key: 'status',
      width: 140,
      render: (_, a) =>
        a.connected ? (
          <Tag color={STATUS_COLORS[a.status ?? ''] ?? 'default'} data-testid="alloc-status">
            {t(`status.${a.status ?? 'Unknown'}`, { defaultValue: a.status ?? '—' })}
          </Tag>
        ) : (
          <Tag data-testid="alloc-status">{t('allocation.disconnected')}</Tag>
        ),
    },
    {
      title: t('allocation.session'),
      key: 'session',
      width: 150,
      render: (_, a) =>
        a.sessionId === null ? (
          '—'
        ) : (
          <Flex vertical>
            <span>#{a.sessionId}</span>
            {a.sessionStartedAt && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(a.sessionStartedAt, lng)}
              </Typography.Text>
            )}
          </Flex>
        ),
    },
    {
      title: t('allocation.maximum'),
      key: 'maximum',
      width: 110,
      align: 'end',
      render: (_, a) => <bdi>{formatInUnit(a.maximum, unit, lng)}</bdi>,
    },
    {
      title: t('allocation.limit'),
      key: 'limit',
      width: 120,
      align: 'end',
      render: (_, a) => (
        <bdi data-testid="alloc-limit" data-value={a.limit ?? ''}>
          {formatInUnit(a.limit, unit, lng)}
        </bdi>
      ),
    },
    {
      title: t('allocation.power'),
      key: 'power',
      width: 130,
      align: 'end',
      render: (_, a) => <bdi data-testid="alloc-power">{formatKw(a.powerW, lng)}</bdi>,
    },
    {
      title: t('allocation.answer'),
      key: 'answer',
      width: 150,
      render: (_, a) => <AllocationStateTag state={a.state} detail={a.detail} />,
    },
  ];

  return (
    <Card title={t('allocation.title')} style={{ marginBottom: 16 }} data-testid="sc-allocation">
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <div data-testid="sc-total-limit">
            <Statistic title={t('totals.limit')} value={formatInUnit(group.currentLimit, unit, lng)} />
          </div>
        </Col>
        <Col xs={24} md={8}>
          <div data-testid="sc-total-allocated">
            <Statistic title={t('totals.allocated')} value={formatInUnit(group.allocated, unit, lng)} />
          </div>
          <Progress
            percent={given}
            size="small"
            aria-label={t('totals.allocatedBar', { percent: formatNumber(given, lng) })}
            status={group.allocated > group.currentLimit ? 'exception' : 'normal'}
          />
        </Col>
        <Col xs={24} md={8}>
          <div data-testid="sc-total-measured">
            <Statistic title={t('totals.measured')} value={formatKw(group.measuredW, lng)} />
          </div>
          <Progress
            percent={drawn}
            size="small"
            aria-label={t('totals.measuredBar', { percent: formatNumber(drawn, lng) })}
            status={group.measuredW > group.currentLimitW ? 'exception' : 'normal'}
          />
        </Col>
      </Row>
      <Table<ConnectorAllocation>
        rowKey={(a) => `${a.chargePointId}-${a.connectorId}`}
        columns={columns}
        dataSource={group.allocations}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 1100 }}
        pagination={false}
        locale={{ emptyText: t('allocation.empty') }}
        data-testid="sc-allocation-table"
      />
      <Typography.Text
        type="secondary"
        style={{ display: 'block', marginTop: 8 }}
        data-testid="sc-balanced-at"
      >
        {group.lastBalancedAt
          ? t('allocation.balancedAt', { at: formatDateTime(group.lastBalancedAt, lng) })
          : t('allocation.neverBalanced')}
      </Typography.Text>
    </Card>
  );
}
