import { useState } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import {
  ClearOutlined,
  CloudDownloadOutlined,
  CloudUploadOutlined,
  DownOutlined,
  FileTextOutlined,
  HourglassOutlined,
  NumberOutlined,
  FileProtectOutlined,
  SafetyOutlined,
  PoweroffOutlined,
  ReloadOutlined,
  SendOutlined,
  SettingOutlined,
  SwapOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  asksTransactionStatus,
  type ChargePoint,
  type EXTENDED_TRIGGER_MESSAGES,
  type TRIGGER_MESSAGES,
} from '@voltline/contract';
import { UpdateFirmwareModal } from '../../../../components/firmware/update-firmware-modal';
import { useConfiguration } from '../../api/get-configuration';
import { ChangeConfigurationModal } from './change-configuration-modal';
import { AvailabilityModal, TriggerMessageModal } from './command-modals';
import { DataTransferModal } from './data-transfer-modal';
import { GetDiagnosticsModal } from './get-diagnostics-modal';
import { GetLogModal } from './get-log-modal';
import { useDiagnosticsSent } from './diagnostics-sent';
import { SendLocalListModal } from './send-local-list-modal';
import { useRawCallEntry } from './raw-call-modal';
import { useCanSend } from '../../use-can-send';
import { useRunCommand } from './use-run-command';

type Dialog =
  | 'trigger'
  | 'extendedTrigger'
  | 'availability'
  | 'configuration'
  | 'localList'
  | 'dataTransfer'
  | 'diagnostics'
  | 'log'
  | 'firmware';

/** Commands for the whole charge point, from the detail page's header. */
export function CommandMenu({ cp }: { cp: ChargePoint }) {
  const { t } = useTranslation(['chargePoints', 'diagnostics']);
  const { run, send, holder } = useRunCommand(cp.chargePointId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // A local list carries the network's cards: only for roles that may read drivers.
  const canSendList = useCanSend('sendLocalList');
  const canGetDiagnostics = useCanSend('getDiagnostic');
  const canGetLog = useCanSend('getLog');
  const canExtendedTrigger = useCanSend('extendedTriggerMessage');
  const diagnosticsSent = useDiagnosticsSent();
  const rawCall = useRawCallEntry(cp);
  const canUpdateFirmware = useCanSend('updateFirmware');
  // E14: whether the charger still has transaction messages to send (chargers whose protocol has it).
  const canAskQueue = useCanSend('getTransactionStatus') && asksTransactionStatus(cp.ocppProtocol);
  const { t: tf } = useTranslation('firmware');
  const chargePointId = cp.chargePointId;
  const connectorIds = cp.connectors.filter((c) => !c.archived).map((c) => c.connectorId);
  // Only what the Configuration tab already read: the menu never asks the charger by itself.
  const configuration = useConfiguration(chargePointId, false);
  const writableKeys =
    configuration.data?.configurationKey.filter((k) => !k.readonly).map((k) => k.key) ?? [];

  const reset = (type: 'Soft' | 'Hard') =>
    void run('reset', { chargePointId, type }, t('commands.resetType', { type: t(`resetTypes.${type}`) }), {
      confirm: {
        title: t('commands.resetTitle', { type: t(`resetTypes.${type}`) }),
        content: t(`commands.resetConfirm${type}`),
        danger: true,
      },
    });

  const items: MenuProps['items'] = [
    {
      key: 'soft',
      icon: <ReloadOutlined />,
      label: t('commands.resetType', { type: t('resetTypes.Soft') }),
      onClick: () => reset('Soft'),
    },
    {
      key: 'hard',
      icon: <PoweroffOutlined />,
      danger: true,
      label: t('commands.resetType', { type: t('resetTypes.Hard') }),
      onClick: () => reset('Hard'),
    },
    { type: 'divider' },
    {
      key: 'trigger',
      icon: <SendOutlined />,
      label: t('commands.triggerMessage'),
      onClick: () => setDialog('trigger'),
    },
    ...(canExtendedTrigger
      ? [
          {
            key: 'extendedTrigger',
            icon: <SafetyOutlined />,
            label: t('commands.extendedTriggerMessage'),
            onClick: () => setDialog('extendedTrigger'),
          },
        ]
      : []),
    {
      key: 'availability',
      icon: <ThunderboltOutlined />,
      label: t('commands.changeAvailability'),
      onClick: () => setDialog('availability'),
    },
    {
      key: 'configuration',
      icon: <SettingOutlined />,
      label: t('commands.changeConfiguration'),
      onClick: () => setDialog('configuration'),
    },
    {
      key: 'clearCache',
      icon: <ClearOutlined />,
      label: t('commands.clearCache'),
      onClick: () => void run('clearCache', { chargePointId }, t('commands.clearCache')),
    },
    { type: 'divider' },
    ...(canSendList
      ? [
          {
            key: 'localList',
            icon: <CloudUploadOutlined />,
            label: t('commands.sendLocalList'),
            onClick: () => setDialog('localList'),
          },
        ]
      : []),
    ...(canAskQueue
      ? [
          {
            key: 'transactionStatus',
            icon: <HourglassOutlined />,
            label: t('commands.transactionStatus'),
            onClick: () =>
              void run('getTransactionStatus', { chargePointId }, t('commands.transactionStatus')),
          },
        ]
      : []),
    {
      key: 'localListVersion',
      icon: <NumberOutlined />,
      label: t('commands.getLocalListVersion'),
      onClick: () => void run('getLocalListVersion', { chargePointId }, t('commands.getLocalListVersion')),
    },
    ...(canGetDiagnostics
      ? [
          {
            key: 'diagnostics',
            icon: <FileTextOutlined />,
            label: t('diagnostics:request.title'),
            onClick: () => setDialog('diagnostics'),
          },
        ]
      : []),
    ...(canGetLog
      ? [
          {
            key: 'log',
            icon: <FileProtectOutlined />,
            label: t('diagnostics:log.title'),
            onClick: () => setDialog('log'),
          },
        ]
      : []),
    {
      key: 'dataTransfer',
      icon: <SwapOutlined />,
      label: t('commands.dataTransfer'),
      onClick: () => setDialog('dataTransfer'),
    },
    ...(canUpdateFirmware
      ? [
          {
            key: 'firmware',
            icon: <CloudDownloadOutlined />,
            label: tf('command.title'),
            onClick: () => setDialog('firmware'),
          },
        ]
      : []),
    ...rawCall.items,
  ];

  const close = () => setDialog(null);

  return (
    <>
      {holder}
      <Dropdown menu={{ items }} trigger={['click']} disabled={cp.archived}>
        <Button data-testid="cp-commands">
          {t('commands.title')} <DownOutlined />
        </Button>
      </Dropdown>
      <TriggerMessageModal<(typeof TRIGGER_MESSAGES)[number]>
        open={dialog === 'trigger'}
        connectorIds={connectorIds}
        onClose={close}
        onSend={(v) =>
          run(
            'triggerMessage',
            { chargePointId, ...v },
            `${t('commands.triggerMessage')}: ${t(`triggers.${v.requestedMessage}`)}`,
          )
        }
      />
      <TriggerMessageModal<(typeof EXTENDED_TRIGGER_MESSAGES)[number]>
        open={dialog === 'extendedTrigger'}
        extended
        connectorIds={connectorIds}
        onClose={close}
        onSend={(v) =>
          run(
            'extendedTriggerMessage',
            { chargePointId, ...v },
            `${t('commands.extendedTriggerMessage')}: ${t(`triggers.${v.requestedMessage}`)}`,
          )
        }
      />
      <AvailabilityModal
        open={dialog === 'availability'}
        connectorIds={connectorIds}
        onClose={close}
        onSend={(v) =>
          run(
            'changeAvailability',
            { chargePointId, ...v },
            `${t('commands.changeAvailability')}: ${t(`availability.${v.type}`)}`,
          )
        }
      />
      <ChangeConfigurationModal
        open={dialog === 'configuration'}
        knownKeys={writableKeys}
        onClose={close}
        onSend={(v) =>
          send('changeConfiguration', { chargePointId, ...v }, t('configuration.changeKey', { key: v.key }))
        }
      />
      <SendLocalListModal
        open={dialog === 'localList'}
        onClose={close}
        onSend={(v) =>
          run(
            'sendLocalList',
            { chargePointId, ...v },
            `${t('commands.sendLocalList')}: ${t(`localList.${v.updateType}`)}`,
          )
        }
      />
      <GetDiagnosticsModal
        open={dialog === 'diagnostics'}
        onClose={close}
        onSend={(v) =>
          send('getDiagnostic', { chargePointId, ...v }, t('diagnostics:request.title')).then(
            diagnosticsSent.show,
          )
        }
      />
      <GetLogModal
        open={dialog === 'log'}
        onClose={close}
        onSend={(v) =>
          send(
            'getLog',
            { chargePointId, ...v },
            `${t('diagnostics:log.title')}: ${t(`diagnostics:kinds.${v.logType}`)}`,
          ).then(diagnosticsSent.show)
        }
      />
      {diagnosticsSent.holder}
      <DataTransferModal
        open={dialog === 'dataTransfer'}
        onClose={close}
        onSend={(v) =>
          send('dataTransfer', { chargePointId, ...v }, `${t('commands.dataTransfer')}: ${v.vendorId}`)
        }
      />
      <UpdateFirmwareModal open={dialog === 'firmware'} charger={cp} onClose={close} />
      {rawCall.modal}
    </>
  );
}
