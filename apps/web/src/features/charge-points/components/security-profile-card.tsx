import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { SECURITY_PROFILES, answerOutcome, type IssuedCertificate } from '@voltline/contract';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime } from '../../../lib/format';
import { useSecurity } from '../api/get-security';
import { useRaiseSecurityProfile } from '../api/raise-security-profile';
import { useSendCommand } from '../api/send-command';
import { useCanSend } from '../use-can-send';

const STATE_COLORS: Record<IssuedCertificate['state'], string> = {
  sent: 'processing',
  accepted: 'success',
  rejected: 'error',
  failed: 'error',
  refused: 'default',
};

/**
 * The charger's security profile (OCPP 1.6 security edition; for 2.0.1, A05: taken from a new
 * network connection profile after a reset, counted once the charger reconnects with it) with the
 * raise to a higher one, and
 * the certificates Voltline's CA issued to it, flagged 30 days before they end.
 */
export function SecurityProfileCard({ id, chargePointId }: { id: number; chargePointId: string }) {
  const { t } = useTranslation('chargePoints');
  const security = useSecurity(id);
  const raise = useRaiseSecurityProfile();
  const canWriteSetup = useCan('chargePoints:write');
  const canCommand = useCan('commands:write');
  const canRaise = canWriteSetup && canCommand;
  const canRequest = useCanSend('extendedTriggerMessage');
  const request = useSendCommand('extendedTriggerMessage');
  const [target, setTarget] = useState<1 | 2 | 3 | undefined>();
  const s = security.data;
  const higher = SECURITY_PROFILES.filter((p) => s && p > s.securityProfile);
  // The certificate the charger holds: the newest it accepted.
  const current = s?.certificates
    .filter((c) => c.state === 'accepted')
    .sort((a, b) => (b.notAfter ?? '').localeCompare(a.notAfter ?? ''))[0];
  const renewal = current?.expired ? 'expiredWarning' : current?.expiresSoon ? 'renewWarning' : undefined;

  const columns: TableColumnsType<IssuedCertificate> = [
    { title: t('securityProfile.subject'), dataIndex: 'subject', key: 'subject' },
    { title: t('securityProfile.serial'), key: 'serial', render: (_, c) => c.serialNumber ?? '—' },
    {
      title: t('securityProfile.state'),
      key: 'state',
      render: (_, c) => <Tag color={STATE_COLORS[c.state]}>{t(`securityProfile.states.${c.state}`)}</Tag>,
    },
    {
      title: t('securityProfile.notAfter'),
      key: 'notAfter',
      render: (_, c) => (
        <Space>
          <bdi>{c.notAfter ? formatDateTime(c.notAfter) : '—'}</bdi>
          {c.expiresSoon && <Tag color="warning">{t('securityProfile.expiresSoon')}</Tag>}
          {c.expired && <Tag color="error">{t('securityProfile.expired')}</Tag>}
        </Space>
      ),
    },
    { title: t('securityProfile.reason'), key: 'reason', render: (_, c) => c.reason ?? '—' },
  ];

  return (
    <Card
      size="small"
      title={t('securityProfile.title')}
      loading={security.isPending}
      data-testid="security-profile-card"
      extra={
        canRequest && (
          <Button
            title={t('securityProfile.requestHint')}
            loading={request.isPending}
            onClick={() => request.mutate({ chargePointId, requestedMessage: 'SignChargePointCertificate' })}
          >
            {t('securityProfile.request')}
          </Button>
        )
      }
    >
      {renewal && current?.notAfter && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          type={renewal === 'expiredWarning' ? 'error' : 'warning'}
          title={t(`securityProfile.${renewal}`, { date: formatDateTime(current.notAfter) })}
          data-testid="certificate-renewal-warning"
        />
      )}
      {s && (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('securityProfile.current')}>
            <Space>
              <Tag color="blue">{t(`securityProfile.profiles.${s.securityProfile}`)}</Tag>
              {s.pendingSecurityProfile !== null && (
                <Tag color="processing">
                  {t('securityProfile.pending', { profile: s.pendingSecurityProfile })}
                </Tag>
              )}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('securityProfile.tls')}>
            {s.tls ? t('securityProfile.tlsOn') : t('securityProfile.tlsOff')}
          </Descriptions.Item>
        </Descriptions>
      )}
      {s && s.tls && canRaise && higher.length > 0 && (
        <Space style={{ marginBottom: 16 }}>
          <Select<1 | 2 | 3>
            style={{ minWidth: 260 }}
            placeholder={t('securityProfile.choose')}
            aria-label={t('securityProfile.choose')}
            value={target}
            onChange={setTarget}
            options={higher.map((p) => ({ value: p, label: t(`securityProfile.profiles.${p}`) }))}
            data-testid="security-profile-select"
          />
          <Button
            type="primary"
            disabled={target === undefined}
            loading={raise.isPending}
            onClick={() => target !== undefined && raise.mutate({ id, profile: target })}
          >
            {t('securityProfile.raise')}
          </Button>
        </Space>
      )}
      {raise.data && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          type={answerOutcome(raise.data.status) === 'success' ? 'success' : 'warning'}
          title={
            raise.data.refusedAt
              ? t(`securityProfile.refused.${raise.data.refusedAt}`, { status: raise.data.status })
              : raise.data.awaitingReconnect
                ? t('securityProfile.awaitingReconnect', {
                    status: raise.data.status,
                    profile: raise.variables.profile,
                  })
                : t('securityProfile.answer', { status: raise.data.status })
          }
        />
      )}
      <Table<IssuedCertificate>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={s?.certificates}
        pagination={false}
        locale={{ emptyText: t('securityProfile.noCertificates') }}
      />
    </Card>
  );
}
