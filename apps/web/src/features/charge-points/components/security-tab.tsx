import { useState } from 'react';
import { Button, Card, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATE_ID_USES,
  CERTIFICATE_USES,
  ISO15118_CERTIFICATE_USES,
  keepsIso15118Certificates,
  setsNetworkProfiles,
  type ChargePoint,
  type InstalledCertificate,
} from '@voltline/contract';
import { useChargerSecurityEvents } from '../../../api/security/get-security-events';
import { ConfirmAction } from '../../../components/confirm-action';
import { OneLine } from '../../../components/list-table/one-line';
import { SecurityEventTable } from '../../../components/security/security-event-table';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime } from '../../../lib/format';
import { useCertificates } from '../api/get-certificates';
import { answerStatus, useSendCommand } from '../api/send-command';
import { useCanSend } from '../use-can-send';
import { InstallCertificateModal, type InstallValues } from './install-certificate-modal';
import { NetworkProfileCard } from './network-profile-card';
import { SecurityProfileCard } from './security-profile-card';

type CertificateUse = (typeof CERTIFICATE_ID_USES)[number];
interface LastAnswer {
  action: 'install' | 'list' | 'delete';
  certificateType?: CertificateUse;
  status: string;
}

const ANSWER_COLORS: Record<string, string> = { Accepted: 'green', NotFound: 'gold' };

/**
 * The charger's security: its security profile and the certificates Voltline's CA issued it, the root certificates it reported (GetInstalledCertificateIds), with
 * InstallCertificate and DeleteCertificate, and the security events it notified.
 */
export function SecurityTab({ cp }: { cp: ChargePoint }) {
  const { t, i18n } = useTranslation('security');
  const canInstall = useCanSend('installCertificate');
  const canList = useCanSend('getInstalledCertificateIds');
  const canDelete = useCanSend('deleteCertificate');
  const canLogs = useCan('logs:read');
  const certificates = useCertificates(cp.id);
  const install = useSendCommand('installCertificate');
  const list = useSendCommand('getInstalledCertificateIds');
  const remove = useSendCommand('deleteCertificate');
  const [installing, setInstalling] = useState(false);
  const [last, setLast] = useState<LastAnswer | null>(null);
  const [eventsIndex, setEventsIndex] = useState(0);
  const events = useChargerSecurityEvents(cp.chargePointId, eventsIndex, canLogs);
  const chargePointId = cp.chargePointId;
  const offline = cp.archived;
  // The ISO 15118 (Plug & Charge) certificates only where the charger's protocol keeps them.
  const kept = (k: string) =>
    keepsIso15118Certificates(cp.ocppProtocol) || !ISO15118_CERTIFICATE_USES.includes(k);
  const askable = CERTIFICATE_ID_USES.filter(kept);
  const installable = CERTIFICATE_USES.filter(kept);

  const remember = (action: LastAnswer['action'], certificateType?: CertificateUse) => (answer: unknown) => {
    const status = answerStatus(answer as Record<string, unknown>);
    if (status) setLast({ action, certificateType, status });
    void certificates.refetch();
  };

  const ask = (certificateType: CertificateUse) =>
    list
      .mutateAsync({ chargePointId, certificateType })
      .then(remember('list', certificateType), () => undefined);

  const send = (v: InstallValues) =>
    install.mutateAsync({ chargePointId, ...v }).then(remember('install', v.certificateType));

  const columns: TableColumnsType<InstalledCertificate> = [
    {
      title: t('fields.certificateType'),
      key: 'type',
      width: 190,
      render: (_, c) => <Tag>{t(`types.${c.certificateType}`)}</Tag>,
    },
    {
      title: t('fields.subject'),
      key: 'subject',
      width: 200,
      render: (_, c) => (
        <OneLine type={c.subject ? undefined : 'secondary'}>{c.subject ?? t('unknownSubject')}</OneLine>
      ),
    },
    {
      title: t('fields.serialNumber'),
      key: 'serial',
      width: 130,
      render: (_, c) => <OneLine code>{c.serialNumber}</OneLine>,
    },
    {
      title: t('fields.issuerNameHash'),
      key: 'name',
      render: (_, c) => <OneLine code>{c.issuerNameHash}</OneLine>,
    },
    {
      title: t('fields.issuerKeyHash'),
      key: 'key',
      responsive: ['lg'],
      render: (_, c) => <OneLine code>{c.issuerKeyHash}</OneLine>,
    },
    {
      title: t('fields.reportedAt'),
      key: 'reported',
      width: 150,
      render: (_, c) => <bdi>{formatDateTime(c.reportedAt, i18n.language)}</bdi>,
    },
    ...(canDelete
      ? [
          {
            title: t('columns.actions'),
            key: 'actions',
            width: 70,
            align: 'end' as const,
            render: (_: unknown, c: InstalledCertificate) => (
              <ConfirmAction
                size="small"
                icon={<DeleteOutlined />}
                label={t('delete.action')}
                blocked={offline ? t('archived') : null}
                title={t('delete.title')}
                description={t('delete.text')}
                okText={t('delete.action')}
                loading={remove.isPending}
                onConfirm={() => {
                  const { hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber } = c;
                  void remove
                    .mutateAsync({
                      chargePointId,
                      certificateHashData: { hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber },
                    })
                    .then(remember('delete', c.certificateType), () => undefined);
                }}
                testId="certificate-delete"
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <SecurityProfileCard id={cp.id} chargePointId={cp.chargePointId} />
      {setsNetworkProfiles(cp.ocppProtocol) && <NetworkProfileCard cp={cp} />}
      <Card
        size="small"
        title={t('certificates.title')}
        extra={
          canInstall && (
            <Button
              size="small"
              type="primary"
              icon={<PlusOutlined />}
              disabled={offline}
              onClick={() => setInstalling(true)}
              data-testid="certificate-install"
            >
              {t('install.title')}
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">{t('certificates.hint')}</Typography.Paragraph>
        <Space wrap style={{ marginBottom: 12 }}>
          {canList &&
            askable.map((k) => (
              <Button
                key={k}
                size="small"
                icon={<SyncOutlined />}
                disabled={offline}
                loading={list.isPending && list.variables?.certificateType === k}
                onClick={() => void ask(k)}
                data-testid={`certificate-list-${k}`}
              >
                {t(`certificates.ask.${k}`)}
              </Button>
            ))}
        </Space>
        {last && (
          <Typography.Paragraph data-testid="certificate-last-answer">
            {t(`answers.${last.action}`, {
              type: last.certificateType ? t(`types.${last.certificateType}`) : '',
            })}{' '}
            <Tag color={ANSWER_COLORS[last.status] ?? 'red'}>
              {t(`statuses.${last.status}`, { defaultValue: last.status })}
            </Tag>
          </Typography.Paragraph>
        )}
        <Table<InstalledCertificate>
          rowKey="id"
          size="small"
          tableLayout="fixed"
          scroll={{ x: 900 }}
          columns={columns}
          dataSource={certificates.data}
          loading={certificates.isPending}
          pagination={false}
          locale={{ emptyText: t('certificates.empty') }}
          data-testid="certificates-table"
        />
      </Card>
      {canLogs && (
        <Card size="small" title={t('chargerEvents.title')}>
          <SecurityEventTable
            page={events.data}
            loading={events.isPending || events.isPlaceholderData}
            onPage={setEventsIndex}
            showChargePoint={false}
            testId="charger-security-events"
          />
        </Card>
      )}
      <InstallCertificateModal
        open={installing}
        types={installable}
        onClose={() => setInstalling(false)}
        onSend={send}
      />
    </Flex>
  );
}
