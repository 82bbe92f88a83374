import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Popconfirm, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  NETWORK_SLOT_MAX,
  OCPP_INTERFACES,
  SECURITY_PROFILES,
  answerOutcome,
  type ChargePoint,
} from '@voltline/contract';
import { useCan } from '../../../hooks/use-permission';
import { useSecurity } from '../api/get-security';
import { useSetNetworkPriority, useSetNetworkProfile } from '../api/network-profile';
import { endpointFor, parsePriority, toBody, type NetworkProfileValues } from '../network-profile-form';

/**
 * The network connection profiles of a charger that keeps them (OCPP 2.0.1 B09, B10): a profile
 * for one configuration slot, then, as a second step, the slots' priority and a reset so the
 * charger reconnects through the first. A profile's security profile is never below the charger's.
 */
export function NetworkProfileCard({ cp }: { cp: ChargePoint }) {
  const { t } = useTranslation('chargePoints');
  const security = useSecurity(cp.id);
  const canWriteSetup = useCan('chargePoints:write');
  const canCommand = useCan('commands:write');
  const canWrite = canWriteSetup && canCommand;
  const setProfile = useSetNetworkProfile();
  const setPriority = useSetNetworkPriority();
  const [form] = Form.useForm<NetworkProfileValues>();
  const [priorityText, setPriorityText] = useState('');
  const s = security.data;
  if (!s || !canWrite) return null;
  // Never below the charger's; 2 and 3 only where Voltline serves TLS.
  const profiles = SECURITY_PROFILES.filter(
    (p) => p >= s.securityProfile && (s.tls || p < 2 || p === s.securityProfile),
  );
  const priority = parsePriority(priorityText);
  const slotAnswer = setProfile.data;
  const priorityAnswer = setPriority.data;

  const initial: NetworkProfileValues = {
    configurationSlot: 0,
    ocppCsmsUrl: s.csmsUrl,
    messageTimeout: 30,
    securityProfile: profiles[0] ?? 1,
    ocppInterface: 'Wired0',
  };

  return (
    <Card size="small" title={t('networkProfile.title')} data-testid="network-profile-card">
      <Typography.Paragraph type="secondary">{t('networkProfile.hint')}</Typography.Paragraph>
      <Form<NetworkProfileValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={cp.archived}
        onValuesChange={(changed: Partial<NetworkProfileValues>) => {
          // A TLS profile needs wss://: Voltline's own address follows the profile.
          if (changed.securityProfile !== undefined && form.getFieldValue('ocppCsmsUrl') === s.csmsUrl) {
            form.setFieldValue('ocppCsmsUrl', endpointFor(s.csmsUrl, changed.securityProfile));
          }
        }}
        onFinish={(v) => setProfile.mutate({ id: cp.id, body: toBody(v) })}
      >
        <Space wrap align="start">
          <Form.Item name="configurationSlot" label={t('networkProfile.slot')} rules={[{ required: true }]}>
            <InputNumber min={0} max={NETWORK_SLOT_MAX} precision={0} data-testid="network-slot" />
          </Form.Item>
          <Form.Item name="securityProfile" label={t('networkProfile.securityProfile')}>
            <Select<1 | 2 | 3>
              style={{ minWidth: 240 }}
              options={profiles.map((p) => ({ value: p, label: t(`securityProfile.profiles.${p}`) }))}
            />
          </Form.Item>
          <Form.Item name="ocppInterface" label={t('networkProfile.interface')}>
            <Select
              style={{ minWidth: 140 }}
              options={OCPP_INTERFACES.map((i) => ({ value: i, label: i }))}
            />
          </Form.Item>
          <Form.Item name="messageTimeout" label={t('networkProfile.timeout')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3600} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item
          name="ocppCsmsUrl"
          label={t('networkProfile.url')}
          rules={[
            { required: true, message: t('networkProfile.urlRequired') },
            { pattern: /^wss?:\/\/\S+$/, message: t('networkProfile.urlFormat') },
          ]}
        >
          <Input data-testid="network-url" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={setProfile.isPending}
          data-testid="network-profile-send"
        >
          {t('networkProfile.send')}
        </Button>
      </Form>
      {slotAnswer && (
        <Alert
          style={{ marginTop: 16 }}
          showIcon
          type={answerOutcome(slotAnswer.status) === 'success' ? 'success' : 'error'}
          title={t('networkProfile.answer', {
            status: t(`networkProfile.statuses.${slotAnswer.status}`, { defaultValue: slotAnswer.status }),
          })}
          data-testid="network-profile-answer"
        />
      )}
      <Typography.Title level={2} style={{ marginTop: 24, fontSize: 16 }}>
        {t('networkProfile.migrate')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('networkProfile.migrateHint')}</Typography.Paragraph>
      <Space wrap>
        <Input
          style={{ width: 200 }}
          placeholder={t('networkProfile.priorityPlaceholder')}
          aria-label={t('networkProfile.priority')}
          value={priorityText}
          onChange={(e) => setPriorityText(e.target.value)}
          status={priorityText !== '' && !priority ? 'error' : undefined}
          disabled={cp.archived}
          data-testid="network-priority"
        />
        <Popconfirm
          title={t('networkProfile.confirm', { priority: priority?.join(', ') ?? '' })}
          okText={t('networkProfile.apply')}
          onConfirm={() => priority && setPriority.mutate({ id: cp.id, priority })}
          disabled={!priority}
        >
          <Button
            disabled={!priority || cp.archived}
            loading={setPriority.isPending}
            data-testid="network-priority-send"
          >
            {t('networkProfile.apply')}
          </Button>
        </Popconfirm>
      </Space>
      {priorityText !== '' && !priority && (
        <Typography.Paragraph type="danger" style={{ marginTop: 8 }}>
          {t('networkProfile.priorityFormat')}
        </Typography.Paragraph>
      )}
      {priorityAnswer && (
        <Alert
          style={{ marginTop: 16 }}
          showIcon
          type={
            answerOutcome(priorityAnswer.status) === 'success' &&
            answerOutcome(priorityAnswer.reset ?? 'Rejected') === 'success'
              ? 'success'
              : 'error'
          }
          title={
            priorityAnswer.reset === null
              ? t('networkProfile.priorityRefused', {
                  status: t(`networkProfile.statuses.${priorityAnswer.status}`, {
                    defaultValue: priorityAnswer.status,
                  }),
                })
              : t('networkProfile.priorityAnswer', {
                  status: t(`networkProfile.statuses.${priorityAnswer.status}`, {
                    defaultValue: priorityAnswer.status,
                  }),
                  reset: t(`networkProfile.statuses.${priorityAnswer.reset}`, {
                    defaultValue: priorityAnswer.reset,
                  }),
                })
          }
          data-testid="network-priority-answer"
        />
      )}
    </Card>
  );
}
