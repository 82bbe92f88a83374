import { useState } from 'react';
import { Button, Flex, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { asksTransactionStatus, describeTariff, type ChargePoint, type Connector } from '@voltline/contract';
import { useBulkSelection } from '../../../components/bulk/use-bulk-selection';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useConnectors } from '../api/get-connectors';
import { useAvailableTariffs } from '../api/get-tariffs';
import { ConnectorBulk } from './connector-bulk';
import { ConnectorCommands } from './connector-commands';
import { ConnectorFormModal } from './connector-form-modal';
import { ConnectorRecordActions } from './connector-record-actions';
import { EvsePlugs } from './evse-plugs';
import { FaultDetails } from './fault-words';
import { ConnectorStatusTag } from './status-tags';

export function ConnectorsTab({ cp }: { cp: ChargePoint }) {
  const { t, i18n } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const connectors = useConnectors(cp.chargePointId);
  const canWrite = useCan('chargePoints:write');
  const canCommand = useCan('commands:write');
  const canReadTariffs = useCan('tariffs:read');
  const tariffs = useAvailableTariffs(cp.chargePointId, canWrite || canReadTariffs);
  const [editing, setEditing] = useState<Connector | 'new' | null>(null);
  const list = connectors.data ?? [];
  const liveIds = list.filter((c) => !c.archived).map((c) => c.connectorId);
  // Every connector is on the one page: ticking them all is the whole charge point.
  const bulk = useBulkSelection<Connector, { chargePointId: string }>(
    { chargePointId: cp.chargePointId },
    { items: list, total: list.length, index: 0, size: list.length },
  );
  // The connector carries its tariff's name: Finance and CallCenter may not list the tariffs.
  const tariffName = (c: Connector) =>
    c.tariffId === null
      ? null
      : (c.tariffName ?? tariffs.data?.find((tf) => tf.id === c.tariffId)?.name ?? `#${c.tariffId}`);
  // The price in words and figures, when the tariff can be read (AFIR order, VAT both ways).
  const tariffWords = (c: Connector) => {
    const tf = tariffs.data?.find((x) => x.id === c.tariffId);
    if (!tf) return [];
    const vat = { vatRate: tf.vatRate, pricesIncludeVat: tf.pricesIncludeVat };
    return describeTariff(tf.components, tf.currency, i18n.language.startsWith('tr') ? 'tr' : 'en', vat);
  };

  const columns: TableColumnsType<Connector> = [
    { title: t('fields.connector'), dataIndex: 'connectorId', key: 'id', width: 90 },
    {
      title: t('fields.evseUid'),
      key: 'evseUid',
      width: 170,
      render: (_, c) =>
        c.evseUid ? (
          <Typography.Text copyable={{ text: c.evseUid }} data-testid="connector-evse-uid">
            <bdi>{c.evseUid}</bdi>
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      // An EVSE's own status, then (OCPP 2.0.1) each of its plugs' with the plug's number.
      title: t('fields.status'),
      key: 'status',
      render: (_, c) => (
        <Flex vertical gap={2}>
          <span>
            <ConnectorStatusTag status={c.status} errorCode={c.errorCode} />
            {c.archived && <Tag>{t('list.archivedTag')}</Tag>}
          </span>
          {c.statusAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <bdi>{formatDateTime(c.statusAt)}</bdi>
            </Typography.Text>
          )}
          <EvsePlugs plugs={c.plugs} />
        </Flex>
      ),
    },
    {
      title: t('faults.column'),
      key: 'fault',
      render: (_, c) => (c.fault ? <FaultDetails fault={c.fault} /> : '—'),
    },
    { title: t('fields.connectorType'), key: 'type', render: (_, c) => c.connectorType ?? '—' },
    {
      title: t('fields.maximumPower'),
      key: 'power',
      render: (_, c) =>
        c.maximumPower === null ? '—' : `${formatNumber(c.maximumPower / 1000, i18n.language)} kW`,
    },
    {
      title: t('fields.tariff'),
      key: 'tariff',
      render: (_, c) => (
        <Flex vertical gap={2}>
          <span>{tariffName(c) ?? '—'}</span>
          {tariffWords(c).map((w) => (
            <Typography.Text
              key={w}
              type="secondary"
              style={{ fontSize: 12 }}
              data-testid="connector-tariff-words"
            >
              <bdi>{w}</bdi>
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
    {
      title: t('fields.session'),
      key: 'session',
      render: (_, c) => (c.activeSessionId === null ? '—' : <Tag color="blue">#{c.activeSessionId}</Tag>),
    },
    {
      title: '',
      key: 'actions',
      align: 'end',
      render: (_, c) => (
        <Flex gap={4} justify="end" wrap>
          {canCommand && !cp.archived && (
            <ConnectorCommands
              connector={c}
              connectorIds={liveIds}
              asksTransactionStatus={asksTransactionStatus(cp.ocppProtocol)}
            />
          )}
          {canWrite && (
            <Tooltip title={tc('actions.edit')}>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={tc('actions.edit')}
                onClick={() => setEditing(c)}
              />
            </Tooltip>
          )}
          {canWrite && <ConnectorRecordActions connector={c} />}
        </Flex>
      ),
    },
  ];

  return (
    <>
      {canWrite && (
        <Flex justify="end" style={{ marginBottom: 12 }}>
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} disabled={cp.archived}>
            {t('connectors.add')}
          </Button>
        </Flex>
      )}
      {canWrite && <ConnectorBulk state={bulk} tariffs={tariffs.data} archivedChargePoint={cp.archived} />}
      <Table<Connector>
        rowKey="id"
        rowSelection={canWrite ? bulk.rowSelection : undefined}
        columns={columns}
        dataSource={list}
        loading={connectors.isPending}
        pagination={false}
        scroll={{ x: 1100 }}
        data-testid="connector-table"
      />
      <ConnectorFormModal
        open={editing !== null}
        chargePointId={cp.chargePointId}
        connector={editing === 'new' ? null : editing}
        nextConnectorId={Math.max(0, ...list.map((c) => c.connectorId)) + 1}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
