import { useState } from 'react';
import { Alert, Button, Flex, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  isVoltlineMessageId,
  payCodeEvse,
  sessionCodeEvse,
  type ChargePoint,
  type DisplayMessage,
  type Ok,
  type StoredDisplayMessage,
} from '@voltline/contract';
import { useCan } from '../../../../hooks/use-permission';
import { displayMessagesKey, sendDisplayCommand, useDisplayMessages } from '../../api/display-messages';
import { DisplayMessageModal } from './display-message-modal';

type Answer = Ok<Record<string, unknown>>;

const PRIORITY_COLORS: Record<string, string> = {
  AlwaysFront: 'red',
  InFront: 'orange',
  NormalCycle: 'blue',
};

/**
 * What a 2.0.1 charger holds on its display (O01-O06): listed as Voltline last learned it, asked
 * again (GetDisplayMessages), added or replaced, and cleared one by one. The charger's answer shows
 * above the list, red when it refused.
 */
export function DisplayMessagesTab({ cp }: { cp: ChargePoint }) {
  const { t } = useTranslation('chargePoints');
  const canSend = useCan('commands:write');
  const list = useDisplayMessages(cp.id);
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const chargePointId = cp.chargePointId;

  const run = async (send: () => Promise<Answer>) => {
    setBusy(true);
    try {
      setAnswer(await send());
      return true;
    } catch {
      setAnswer(null);
      return false;
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: displayMessagesKey(cp.id) });
    }
  };
  const refresh = () => run(() => sendDisplayCommand('getDisplayMessages', { chargePointId }));
  const clear = (id: number) => run(() => sendDisplayCommand('clearDisplayMessage', { chargePointId, id }));
  const add = async (message: DisplayMessage) => {
    if (await run(() => sendDisplayCommand('setDisplayMessage', { chargePointId, message })))
      setAdding(false);
  };
  const rows = list.data ?? [];
  // Staff's next id: Voltline's own pay codes (issue #30) sit in a range of their own above.
  const nextId = rows.reduce((max, m) => (isVoltlineMessageId(m.id) ? max : Math.max(max, m.id + 1)), 1);
  const when = (at: string | null) => (at ? new Date(at).toLocaleString() : '—');

  const columns: TableColumnsType<StoredDisplayMessage> = [
    {
      title: t('displayMessages.id'),
      dataIndex: 'id',
      width: 70,
      render: (id: number) => {
        const evse = payCodeEvse(id);
        const paying = sessionCodeEvse(id);
        if (evse !== null)
          return (
            <Tag color="green" title={String(id)} data-testid={`dm-pay-code-${evse}`}>
              {t('displayMessages.payCode', { evse })}
            </Tag>
          );
        if (paying !== null)
          return (
            <Tag color="blue" title={String(id)} data-testid={`dm-session-code-${paying}`}>
              {t('displayMessages.sessionCode', { evse: paying })}
            </Tag>
          );
        return id;
      },
    },
    {
      title: t('displayMessages.priority'),
      dataIndex: 'priority',
      render: (p: string) => (
        <Tag color={PRIORITY_COLORS[p]}>{t(`displayMessages.priorities.${p}`, { defaultValue: p })}</Tag>
      ),
    },
    {
      title: t('displayMessages.state'),
      dataIndex: 'state',
      render: (s: string | null) =>
        s ? t(`displayMessages.states.${s}`, { defaultValue: s }) : t('displayMessages.anyState'),
    },
    {
      title: t('displayMessages.window'),
      key: 'window',
      render: (_, m) => `${when(m.startDateTime)} → ${when(m.endDateTime)}`,
    },
    { title: t('displayMessages.language'), dataIndex: 'language', render: (l: string | null) => l ?? '—' },
    {
      title: t('displayMessages.content'),
      key: 'content',
      render: (_, m) => (
        <Flex vertical>
          <Typography.Text>{m.content}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {m.format}
            {m.transactionId ? ` · ${t('displayMessages.forTransaction', { id: m.transactionId })}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    ...(canSend
      ? [
          {
            key: 'actions',
            width: 60,
            render: (_: unknown, m: StoredDisplayMessage) => (
              <Popconfirm title={t('displayMessages.clearConfirm')} onConfirm={() => void clear(m.id)}>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('displayMessages.clear')}
                  data-testid={`dm-clear-${m.id}`}
                />
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={12}>
      {canSend && (
        <Flex gap={8}>
          <Button
            icon={<ReloadOutlined />}
            loading={busy}
            onClick={() => void refresh()}
            data-testid="dm-refresh"
          >
            {t('displayMessages.refresh')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="dm-add">
            {t('displayMessages.add')}
          </Button>
        </Flex>
      )}
      {answer?.message && (
        <Alert
          showIcon
          type={answer.refused ? 'error' : 'success'}
          title={answer.message}
          closable
          onClose={() => setAnswer(null)}
          data-testid="dm-answer"
        />
      )}
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={list.isPending}
        pagination={false}
        locale={{ emptyText: t('displayMessages.empty') }}
        data-testid="dm-table"
      />
      <DisplayMessageModal open={adding} nextId={nextId} onClose={() => setAdding(false)} onSend={add} />
    </Flex>
  );
}
