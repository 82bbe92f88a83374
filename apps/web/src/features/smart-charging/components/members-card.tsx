import { useState } from 'react';
import { Button, Card, List, Modal, Typography } from 'antd';
import { DisconnectOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SmartChargingGroupDetail } from '@voltline/contract';
import { ConfirmAction } from '../../../components/confirm-action';
import { useChangeMembers } from '../api/change-members';
import { chargePointPath } from '../paths';
import { ChargePointPicker } from './charge-point-picker';

/** The group's charge points; with `canWrite`, more are added from a picker and any removed. */
export function MembersCard({ group, canWrite }: { group: SmartChargingGroupDetail; canWrite: boolean }) {
  const { t } = useTranslation('smartCharging');
  const { t: tc } = useTranslation('common');
  const members = useChangeMembers();
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const names = new Map(group.allocations.map((a) => [a.chargePointId, a.chargePointName]));

  const close = () => {
    setAdding(false);
    setChosen([]);
  };

  return (
    <Card
      title={t('members.title', { count: group.chargePointIds.length })}
      style={{ marginBottom: 16 }}
      extra={
        canWrite && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="sc-members-add">
            {t('members.add')}
          </Button>
        )
      }
      data-testid="sc-members"
    >
      <List
        size="small"
        dataSource={group.chargePointIds}
        locale={{ emptyText: t('members.empty') }}
        renderItem={(id) => (
          <List.Item
            actions={
              canWrite
                ? [
                    <ConfirmAction
                      key="remove"
                      icon={<DisconnectOutlined />}
                      label={t('members.remove', { id })}
                      title={t('members.removeTitle', { id })}
                      description={t('members.removeWarning')}
                      okText={t('members.removeOk')}
                      size="small"
                      loading={members.isPending}
                      onConfirm={() =>
                        members.mutate({ change: 'remove', groupId: group.id, chargePointIds: [id] })
                      }
                    />,
                  ]
                : []
            }
          >
            <Link to={chargePointPath(id)}>{id}</Link>
            {names.get(id) && names.get(id) !== id && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                {names.get(id)}
              </Typography.Text>
            )}
          </List.Item>
        )}
      />
      <Modal
        open={adding}
        title={t('members.addTitle')}
        width={860}
        okText={t('members.addOk', { count: chosen.length })}
        okButtonProps={{
          disabled: chosen.length === 0,
          loading: members.isPending,
          'data-testid': 'sc-members-add-ok',
        }}
        cancelText={tc('actions.cancel')}
        onCancel={close}
        onOk={() =>
          members.mutate({ change: 'add', groupId: group.id, chargePointIds: chosen }, { onSuccess: close })
        }
        destroyOnHidden
      >
        <ChargePointPicker
          operatorId={group.operatorId}
          selected={chosen}
          onChange={setChosen}
          exclude={group.chargePointIds}
        />
      </Modal>
    </Card>
  );
}
