import { useState } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import {
  CaretRightOutlined,
  HourglassOutlined,
  MoreOutlined,
  StopOutlined,
  ThunderboltOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Connector } from '@voltline/contract';
import { BUSY_STATUSES } from '../status';
import { AvailabilityModal } from './commands/command-modals';
import { RemoteStartModal } from './commands/remote-start-modal';
import { useRunCommand } from './commands/use-run-command';
import { useCanSend } from '../use-can-send';

/**
 * Remote start and stop, unlock and availability for one connector; for a running session on a
 * charger that can be asked (E14), whether the session still runs there and messages wait.
 */
export function ConnectorCommands({
  connector,
  connectorIds,
  asksTransactionStatus = false,
}: {
  connector: Connector;
  connectorIds: number[];
  asksTransactionStatus?: boolean;
}) {
  const { t } = useTranslation('chargePoints');
  const { run, send, holder } = useRunCommand(connector.chargePointId);
  const [dialog, setDialog] = useState<'start' | 'availability' | null>(null);
  const { chargePointId, connectorId, activeSessionId } = connector;
  const charging = activeSessionId !== null;
  const busy = BUSY_STATUSES.includes(connector.status);
  const canAsk = useCanSend('getTransactionStatus') && asksTransactionStatus && charging;

  const stop = () => {
    if (activeSessionId === null) return;
    void run(
      'stopTransaction',
      { chargePointId, transactionId: activeSessionId },
      t('commands.stopOn', { connector: connectorId }),
      {
        confirm: {
          title: t('commands.stopTitle', { connector: connectorId }),
          content: t('commands.stopConfirm', { session: activeSessionId }),
          danger: true,
        },
      },
    );
  };
  const unlock = () =>
    void run(
      'unLockConnector',
      { chargePointId, connectorId },
      t('commands.unlockOn', { connector: connectorId }),
      {
        confirm: {
          title: t('commands.unlockTitle', { connector: connectorId }),
          content: busy ? t('commands.unlockConfirmBusy') : t('commands.unlockConfirm'),
          danger: busy,
        },
      },
    );

  const items: MenuProps['items'] = [
    { key: 'unlock', icon: <UnlockOutlined />, label: t('commands.unlock'), onClick: unlock },
    {
      key: 'availability',
      icon: <ThunderboltOutlined />,
      label: t('commands.changeAvailability'),
      onClick: () => setDialog('availability'),
    },
    ...(canAsk && activeSessionId !== null
      ? [
          {
            key: 'transactionStatus',
            icon: <HourglassOutlined />,
            label: t('commands.askSession'),
            onClick: () =>
              void run(
                'getTransactionStatus',
                { chargePointId, sessionId: activeSessionId },
                t('commands.transactionStatusOn', { session: activeSessionId }),
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      {holder}
      {charging ? (
        <Button size="small" danger icon={<StopOutlined />} onClick={stop}>
          {t('commands.stop')}
        </Button>
      ) : (
        <Button
          size="small"
          icon={<CaretRightOutlined />}
          disabled={
            connector.archived || connector.status === 'Unavailable' || connector.status === 'Faulted'
          }
          onClick={() => setDialog('start')}
        >
          {t('commands.start')}
        </Button>
      )}
      <Dropdown menu={{ items }} trigger={['click']} disabled={connector.archived}>
        <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t('commands.more')} />
      </Dropdown>
      <RemoteStartModal
        open={dialog === 'start'}
        connectorId={connectorId}
        onClose={() => setDialog(null)}
        onStart={(request) =>
          send(
            'startTransaction',
            { chargePointId, connectorId, ...request },
            t('commands.startOn', { connector: connectorId }),
          )
        }
      />
      <AvailabilityModal
        open={dialog === 'availability'}
        connectorIds={connectorIds}
        initialConnector={connectorId}
        onClose={() => setDialog(null)}
        onSend={(v) =>
          run(
            'changeAvailability',
            { chargePointId, ...v },
            `${t('commands.changeAvailability')}: ${t(`availability.${v.type}`)}`,
          )
        }
      />
    </>
  );
}
