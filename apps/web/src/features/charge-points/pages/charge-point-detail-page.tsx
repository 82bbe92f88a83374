import { Alert, Card, Flex, Typography } from 'antd';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { reportsDeviceModel } from '@voltline/contract';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useCan } from '../../../hooks/use-permission';
import { showsDisplayMessages } from '@voltline/contract';
import { OcppLogView } from '../../../components/ocpp-log/ocpp-log-view';
import { ChargerMaintenance } from '../../../components/maintenance/charger-maintenance';
import { INITIAL_LOG_STATE } from '../../../components/ocpp-log/log-state';
import { useChargePoint } from '../api/get-charge-point';
import { AnalyticsTab } from '../components/analytics-tab';
import { ChargePointNotFound } from '../components/charge-point-not-found';
import { ClockWarning } from '../components/clock-warning';
import { CommandHistory } from '../components/command-history';
import { CommandAnswerBanner } from '../components/commands/command-answer';
import { ConfigurationTab } from '../components/configuration-tab';
import { ConnectionHistory } from '../components/connection-history';
import { ConnectorsTab } from '../components/connectors-tab';
import { DetailActions } from '../components/detail-actions';
import { FaultHistory } from '../components/fault-history';
import { DeviceEvents } from '../components/device-events';
import { ChargePointStateTag } from '../components/fault-words';
import { InfoTab } from '../components/info-tab';
import { SecurityTab } from '../components/security-tab';
import { DisplayMessagesTab } from '../components/display-messages/display-messages-tab';
import { ProtocolTag } from '../components/protocol-tag';
import { ConnectionTag } from '../components/status-tags';
import { MonitorsTab } from '../components/monitors/monitors-tab';
import { GroupedTabs, shownTab } from '../components/tab-groups';
import { detailPath, DEVICES_PATH } from '../paths';

const PATH_TABS = ['connectors', 'configuration', 'messageTrace'] as const;
const QUERY_TABS = [
  'info',
  'analytics',
  'faults',
  'events',
  'monitors',
  'connections',
  'commands',
  'maintenance',
  'security',
  'displayMessages',
] as const;
type Tab = (typeof PATH_TABS)[number] | (typeof QUERY_TABS)[number];

export default function ChargePointDetailPage() {
  const { t } = useTranslation('chargePoints');
  const { t: tm } = useTranslation('maintenance');
  const { t: ts } = useTranslation('security');
  const navigate = useNavigate();
  const { chargePointId = '', tab: pathTab } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const canLogs = useCan('logs:read');
  const canSeeCommands = useCan('commands:read');
  const cp = useChargePoint(chargePointId, true);
  const [logState, setLogState] = useState(INITIAL_LOG_STATE);

  const queryTab = search.get('tab');
  const tab: Tab =
    PATH_TABS.find((k) => k === pathTab) ??
    (pathTab ? 'info' : (QUERY_TABS.find((k) => k === queryTab) ?? 'info'));

  if (cp.isPending && cp.fetchStatus !== 'idle') return <PageLoader />;
  if (!cp.data) return <ChargePointNotFound />;
  const c = cp.data;

  const select = (key: string) => {
    const base = detailPath(c.chargePointId);
    const next = (PATH_TABS as readonly string[]).includes(key)
      ? detailPath(c.chargePointId, key as (typeof PATH_TABS)[number])
      : key === 'info'
        ? base
        : `${base}?tab=${key}`;
    if (next !== `${location.pathname}${location.search}`) void navigate(next, { replace: true });
  };

  const items = [
    { key: 'info', label: t('tabs.info'), children: <InfoTab cp={c} /> },
    { key: 'connectors', label: t('tabs.connectors'), children: <ConnectorsTab cp={c} /> },
    { key: 'configuration', label: t('tabs.configuration'), children: <ConfigurationTab cp={c} /> },
    ...(canLogs
      ? [
          {
            key: 'messageTrace',
            label: t('tabs.messageTrace'),
            children: <OcppLogView state={logState} chargePointId={c.chargePointId} onChange={setLogState} />,
          },
        ]
      : []),
    {
      key: 'analytics',
      label: t('tabs.analytics'),
      children: <AnalyticsTab id={c.id} chargePointId={c.chargePointId} />,
    },
    { key: 'faults', label: t('faults.tab'), children: <FaultHistory id={c.id} /> },
    { key: 'events', label: t('events.tab'), children: <DeviceEvents id={c.id} /> },
    ...(reportsDeviceModel(c.ocppProtocol)
      ? [{ key: 'monitors', label: t('monitors.tab'), children: <MonitorsTab cp={c} /> }]
      : []),
    { key: 'connections', label: t('tabs.connections'), children: <ConnectionHistory id={c.id} /> },
    ...(canSeeCommands
      ? [{ key: 'commands', label: t('tabs.commands'), children: <CommandHistory id={c.id} /> }]
      : []),
    ...(canLogs
      ? [
          {
            key: 'maintenance',
            label: tm('tabTitle'),
            children: <ChargerMaintenance chargePointId={c.chargePointId} />,
          },
        ]
      : []),
    { key: 'security', label: ts('tabTitle'), children: <SecurityTab cp={c} /> },
    ...(showsDisplayMessages(c.ocppProtocol)
      ? [
          {
            key: 'displayMessages',
            label: t('tabs.displayMessages'),
            children: <DisplayMessagesTab cp={c} />,
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={
          <Flex align="center" gap={12} wrap>
            <bdi>{c.chargePointId}</bdi>
            <ConnectionTag connection={c.connection} />
            <ChargePointStateTag cp={c} />
            <ProtocolTag protocol={c.ocppProtocol} />
          </Flex>
        }
        subtitle={c.name}
        backTo={DEVICES_PATH}
        extra={<DetailActions cp={c} />}
      />
      {c.archived && (
        <Alert type="warning" showIcon title={t('detail.archived')} style={{ marginBottom: 16 }} />
      )}
      <ClockWarning cp={c} />
      <CommandAnswerBanner chargePointId={c.chargePointId} />
      <Card>
        <GroupedTabs
          items={items}
          active={shownTab(items, tab)}
          onSelect={select}
          groupLabel={(group) => t(`tabGroups.${group}`)}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('detail.live')}
        </Typography.Text>
      </Card>
    </>
  );
}
