import { useState } from 'react';
import { Alert, Button, Flex, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, LockOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { reportsDeviceModel, type ChargePoint } from '@voltline/contract';
import { useCan } from '../../../hooks/use-permission';
import { useConfiguration, type ConfigurationKey } from '../api/get-configuration';
import { isAuthorizationKey } from '../charger-password';
import { answerStatus } from '../api/send-command';
import { useRunCommand } from './commands/use-run-command';
import { DeviceModelTab } from './device-model/device-model-tab';

/** Sets the charger's password: hinted, masked and checked before it is sent. */
const AUTHORIZATION_KEY = 'AuthorizationKey';

const ANSWER_COLORS: Record<string, string> = {
  Accepted: 'success',
  RebootRequired: 'warning',
  Rejected: 'error',
  NotSupported: 'default',
};

/** The charger's configuration: its device model when it reports one, else its keys. */
export function ConfigurationTab({ cp }: { cp: ChargePoint }) {
  return reportsDeviceModel(cp.ocppProtocol) ? <DeviceModelTab cp={cp} /> : <KeyListTab cp={cp} />;
}

/** A 1.6 charger's configuration as it reports it; writable keys can be changed one at a time. */
function KeyListTab({ cp }: { cp: ChargePoint }) {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const canCommand = useCan('commands:write');
  const connected = cp.connection === 'Connected';
  const config = useConfiguration(cp.chargePointId, connected && canCommand);
  const { run, holder } = useRunCommand(cp.chargePointId);
  const [editing, setEditing] = useState<{ key: string; value: string } | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState(false);

  if (!canCommand) return <Alert type="info" showIcon title={t('configuration.noPermission')} />;

  const change = async () => {
    if (!editing) return;
    if (editing.key === AUTHORIZATION_KEY && !isAuthorizationKey(editing.value)) {
      setInvalid(true);
      return;
    }
    setSaving(true);
    const answer = await run(
      'changeConfiguration',
      { chargePointId: cp.chargePointId, key: editing.key, value: editing.value },
      t('configuration.changeKey', { key: editing.key }),
    );
    setSaving(false);
    const status = answerStatus(answer);
    if (status) {
      setAnswers((a) => ({ ...a, [editing.key]: status }));
      setEditing(null);
    }
  };

  const columns: TableColumnsType<ConfigurationKey> = [
    {
      title: t('configuration.key'),
      dataIndex: 'key',
      key: 'key',
      width: '35%',
      render: (key: string, row) => (
        <Space>
          <Typography.Text code>{key}</Typography.Text>
          {row.readonly && (
            <LockOutlined title={t('configuration.readonly')} aria-label={t('configuration.readonly')} />
          )}
        </Space>
      ),
    },
    {
      title: t('configuration.value'),
      key: 'value',
      render: (_, row) => {
        if (editing?.key !== row.key)
          return <Typography.Text style={{ wordBreak: 'break-all' }}>{row.value ?? '—'}</Typography.Text>;
        const password = row.key === AUTHORIZATION_KEY;
        const ValueInput = password ? Input.Password : Input;
        return (
          <Flex vertical gap={4}>
            <Space.Compact style={{ width: '100%' }}>
              <ValueInput
                autoFocus
                value={editing.value}
                maxLength={500}
                status={invalid ? 'error' : undefined}
                autoComplete={password ? 'new-password' : 'off'}
                aria-label={t('configuration.newValue', { key: row.key })}
                onChange={(e) => {
                  setInvalid(false);
                  setEditing({ key: row.key, value: e.target.value });
                }}
                onPressEnter={() => void change()}
                data-testid="config-value-input"
              />
              <Button type="primary" loading={saving} onClick={() => void change()}>
                {t('configuration.change')}
              </Button>
              <Button onClick={() => setEditing(null)}>{tc('actions.cancel')}</Button>
            </Space.Compact>
            {invalid && <Typography.Text type="danger">{t('validation.authorizationKey')}</Typography.Text>}
            {password && (
              <Typography.Text type="secondary" data-testid="authorization-key-hint">
                {t('configuration.authorizationKeyHint')}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      title: t('configuration.answer'),
      key: 'answer',
      width: 150,
      render: (_, row) => {
        const status = answers[row.key];
        return status ? (
          <Tag color={ANSWER_COLORS[status] ?? 'default'} data-testid={`config-answer-${row.key}`}>
            {t(`answers.${status}`, { defaultValue: status })}
          </Tag>
        ) : null;
      },
    },
    {
      title: '',
      key: 'actions',
      width: 60,
      align: 'end',
      render: (_, row) =>
        row.readonly || editing?.key === row.key ? null : (
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('configuration.edit', { key: row.key })}
            onClick={() => {
              setInvalid(false);
              // A password is typed afresh, never edited from what the charger may have echoed.
              setEditing({ key: row.key, value: row.key === AUTHORIZATION_KEY ? '' : (row.value ?? '') });
            }}
          />
        ),
    },
  ];

  return (
    <>
      {holder}
      {!connected && (
        <Alert type="warning" showIcon title={t('configuration.offline')} style={{ marginBottom: 12 }} />
      )}
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} wrap gap={8}>
        <Typography.Text type="secondary">{t('configuration.hint')}</Typography.Text>
        <Button
          icon={<ReloadOutlined />}
          disabled={!connected}
          loading={config.isFetching}
          onClick={() => void config.refetch()}
        >
          {t('configuration.read')}
        </Button>
      </Flex>
      <Table<ConfigurationKey>
        rowKey="key"
        columns={columns}
        dataSource={config.data?.configurationKey}
        loading={config.isFetching && !config.data}
        pagination={false}
        size="middle"
        data-testid="config-table"
      />
      {config.data && config.data.unknownKey.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('configuration.unknown', { keys: config.data.unknownKey.join(', ') })}
        </Typography.Paragraph>
      )}
    </>
  );
}
