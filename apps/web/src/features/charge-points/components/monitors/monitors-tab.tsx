import { useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Flex,
  Popconfirm,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { reportsDeviceModel, type ChargePoint, type VariableMonitor } from '@voltline/contract';
import { useCan } from '../../../../hooks/use-permission';
import { formatDateTime } from '../../../../lib/format';
import { useMonitors } from '../../api/get-monitors';
import { useClearMonitor, useReportMonitors } from '../../api/monitor-commands';
import { eventPlace, severityWords, withInstance } from '../../event-words';
import { AddMonitorModal } from './add-monitor-modal';
import { MonitorAnswerAlert } from './monitor-answer';
import { MonitoringSettings } from './monitoring-settings';

/**
 * The Monitors tab of a charger that reports a device model (OCPP 2.0.1 N02-N06): the monitors it
 * holds, who set each, adding one on a variable of its model, clearing one, asking for its report,
 * and the monitoring base and level. Every answer of the charger is shown in words, refusals red.
 */
export function MonitorsTab({ cp }: { cp: ChargePoint }) {
  const { t } = useTranslation('chargePoints');
  if (!reportsDeviceModel(cp.ocppProtocol))
    return <Alert type="info" showIcon title={t('monitors.notSupported')} data-testid="monitors-1.6" />;
  return <Monitors cp={cp} />;
}

function Monitors({ cp }: { cp: ChargePoint }) {
  const { t } = useTranslation('chargePoints');
  const canCommand = useCan('commands:write');
  const canWrite = useCan('chargePoints:write');
  const canChange = canCommand && canWrite;
  const connected = cp.connection === 'Connected';
  const list = useMonitors(cp.id);
  const clear = useClearMonitor(cp.id);
  const report = useReportMonitors(cp.id);
  const [adding, setAdding] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  const answered = async (ask: () => Promise<{ status: string }>) => {
    try {
      setStatus((await ask()).status);
    } catch {
      // The API client has said why (offline, timed out).
    }
  };

  const columns: TableColumnsType<VariableMonitor> = [
    { title: '#', dataIndex: 'id', key: 'id', width: 70 },
    {
      title: t('monitors.component'),
      key: 'component',
      render: (_, m) => (
        <Flex vertical>
          <Typography.Text strong>
            <bdi>{withInstance(m.component, m.componentInstance)}</bdi>
          </Typography.Text>
          <Typography.Text type="secondary">{eventPlace(t, m)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('monitors.variable'),
      key: 'variable',
      render: (_, m) => <bdi>{withInstance(m.variable, m.variableInstance)}</bdi>,
    },
    { title: t('monitors.type'), key: 'type', render: (_, m) => t(`monitors.types.${m.type}`) },
    { title: t('monitors.value'), key: 'value', render: (_, m) => <bdi>{m.value}</bdi> },
    { title: t('monitors.severity'), key: 'severity', render: (_, m) => severityWords(t, m.severity) },
    {
      title: t('monitors.origin'),
      key: 'origin',
      render: (_, m) => (
        <Flex gap={4} wrap>
          <Tag color={m.origin === 'custom' ? 'blue' : 'default'}>{t(`monitors.origins.${m.origin}`)}</Tag>
          {m.transaction && <Tag>{t('monitors.transaction')}</Tag>}
        </Flex>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 90,
      align: 'end',
      render: (_, m) =>
        canChange && (
          <Popconfirm
            title={t('monitors.clearConfirm', { id: m.id })}
            onConfirm={() => void answered(() => clear.mutateAsync(m.id))}
          >
            <Button danger size="small" disabled={!connected} data-testid={`monitor-clear-${m.id}`}>
              {t('monitors.clear')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  const data = list.data;
  return (
    <Flex vertical gap={12} data-testid="monitors-tab">
      <Typography.Paragraph type="secondary">{t('monitors.intro')}</Typography.Paragraph>
      {!canChange && <Alert type="info" showIcon title={t('monitors.noPermission')} />}
      <Flex gap={8} wrap align="center">
        {canChange && (
          <>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!connected}
              onClick={() => setAdding(true)}
              data-testid="monitor-add"
            >
              {t('monitors.add')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              disabled={!connected}
              loading={report.isPending}
              onClick={() => void answered(() => report.mutateAsync({}))}
              data-testid="monitors-refresh"
            >
              {t('monitors.refresh')}
            </Button>
          </>
        )}
        <Typography.Text type="secondary">
          {data?.awaitingReport
            ? t('monitors.awaiting')
            : data?.reportedAt
              ? t('monitors.reportedAt', { at: formatDateTime(data.reportedAt) })
              : t('monitors.never')}
        </Typography.Text>
      </Flex>
      <MonitorAnswerAlert status={status} />
      <Table<VariableMonitor>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.monitors}
        loading={list.isPending}
        locale={{ emptyText: t('monitors.empty') }}
        pagination={false}
        scroll={{ x: 900 }}
        data-testid="monitors"
      />
      {canChange && data && (
        <>
          <Divider />
          <MonitoringSettings id={cp.id} list={data} disabled={!connected} />
        </>
      )}
      {canChange && <AddMonitorModal id={cp.id} open={adding} onClose={() => setAdding(false)} />}
    </Flex>
  );
}
