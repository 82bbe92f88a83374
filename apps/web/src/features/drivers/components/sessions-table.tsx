import { useState } from 'react';
import { Card, Flex, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type Session } from '@voltline/contract';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useDriverSessions } from '../api/get-driver-sessions';
import { formatMoney } from '../../../lib/billing-format';

const STATE_COLORS: Record<Session['state'], string> = {
  active: 'processing',
  completed: 'success',
  failed: 'error',
  refused: 'warning',
  review: 'warning',
};

function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h}:${String(m).padStart(2, '0')} h` : `${m} min`;
}

/** The driver's charging sessions, newest first, with the totals of all of them. */
export function SessionsTable({ driverId, currency }: { driverId: number; currency: string }) {
  const { t, i18n } = useTranslation('drivers');
  const [index, setIndex] = useState(0);
  const sessions = useDriverSessions(driverId, index);
  const kwh = (wh: number) => `${formatNumber(Math.round(wh / 10) / 100, i18n.language)} kWh`;
  const totals = sessions.data?.totals;

  const columns: TableColumnsType<Session> = [
    {
      title: t('sessions.started'),
      key: 'start',
      width: 170,
      render: (_, s) => <bdi>{formatDateTime(s.startedAt)}</bdi>,
    },
    {
      title: t('sessions.chargePoint'),
      key: 'cp',
      render: (_, s) => (
        <Flex vertical>
          <span>{s.chargePointName}</span>
          <Typography.Text type="secondary">
            {s.chargePointId} · {t('sessions.connector', { n: s.connectorId })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('sessions.card'),
      key: 'card',
      render: (_, s) => <Typography.Text code>{s.idTag}</Typography.Text>,
    },
    {
      title: t('sessions.duration'),
      key: 'duration',
      width: 110,
      render: (_, s) => duration(s.durationSeconds),
    },
    {
      title: t('sessions.energy'),
      key: 'energy',
      align: 'end',
      width: 120,
      render: (_, s) => kwh(s.energyWh),
    },
    {
      title: t('sessions.cost'),
      key: 'cost',
      align: 'end',
      width: 130,
      render: (_, s) =>
        s.cost === null ? (
          '—'
        ) : (
          <bdi style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(s.cost, s.currency ?? currency, i18n.language)}
          </bdi>
        ),
    },
    {
      title: t('sessions.state'),
      key: 'state',
      width: 120,
      render: (_, s) => <Tag color={STATE_COLORS[s.state]}>{t(`sessions.states.${s.state}`)}</Tag>,
    },
  ];

  return (
    <Card
      title={t('sessions.title')}
      styles={{ body: { padding: 0 } }}
      extra={
        totals && (
          <Flex gap={24}>
            <Statistic
              title={t('sessions.total')}
              value={formatNumber(totals.sessions, i18n.language)}
              valueStyle={{ fontSize: 16 }}
            />
            <Statistic
              title={t('sessions.energy')}
              value={kwh(totals.energyWh)}
              valueStyle={{ fontSize: 16 }}
            />
            <Statistic
              title={t('sessions.spent')}
              value={formatMoney(totals.revenue, currency, i18n.language)}
              valueStyle={{ fontSize: 16 }}
            />
          </Flex>
        )
      }
    >
      <Table<Session>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={sessions.data?.items}
        loading={sessions.isFetching}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('sessions.empty') }}
        pagination={{
          current: index + 1,
          pageSize: PAGE_SIZE,
          total: sessions.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (p) => setIndex(p - 1),
        }}
        data-testid="driver-sessions"
      />
    </Card>
  );
}
