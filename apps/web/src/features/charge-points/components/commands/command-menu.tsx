import { useState } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import {
  ClearOutlined,
  DownOutlined,
  PoweroffOutlined,
  ReloadOutlined,
  SendOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChargePoint } from '@voltline/contract';
import { AvailabilityModal, TriggerMessageModal } from './command-modals';
import { useRunCommand } from './use-run-command';

/** Commands for the whole charge point, from the detail page's header. */
export function CommandMenu({ cp }: { cp: ChargePoint }) {
  const { t } = useTranslation('chargePoints');
  const { run, holder } = useRunCommand(cp.chargePointId);
  const [dialog, setDialog] = useState<'trigger' | 'availability' | null>(null);
  const chargePointId = cp.chargePointId;
  const connectorIds = cp.connectors.filter((c) => !c.archived).map((c) => c.connectorId);

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
    {
      key: 'availability',
      icon: <ThunderboltOutlined />,
      label: t('commands.changeAvailability'),
      onClick: () => setDialog('availability'),
    },
    {
      key: 'clearCache',
      icon: <ClearOutlined />,
      label: t('commands.clearCache'),
      onClick: () => void run('clearCache', { chargePointId }, t('commands.clearCache')),
    },
  ];

  return (
    <>
      {holder}
      <Dropdown menu={{ items }} trigger={['click']} disabled={cp.archived}>
        <Button data-testid="cp-commands">
          {t('commands.title')} <DownOutlined />
        </Button>
      </Dropdown>
      <TriggerMessageModal
        open={dialog === 'trigger'}
        connectorIds={connectorIds}
        onClose={() => setDialog(null)}
        onSend={(v) =>
          run(
            'triggerMessage',
            { chargePointId, ...v },
            `${t('commands.triggerMessage')}: ${t(`triggers.${v.requestedMessage}`)}`,
          )
        }
      />
      <AvailabilityModal
        open={dialog === 'availability'}
        connectorIds={connectorIds}
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
