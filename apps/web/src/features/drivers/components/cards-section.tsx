import { useState } from 'react';
import dayjs from 'dayjs';
import {
  Button,
  Card,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { EditOutlined, InboxOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HiddenTitle } from '../../../components/list-table/hidden-title';
import type { DriverDetail, RfidCard } from '@voltline/contract';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useAddCard } from '../api/add-card';
import { useArchiveCard } from '../api/archive-card';
import { useUnarchiveCard } from '../api/unarchive-card';
import { useUpdateCard } from '../api/update-card';
import { cardBody } from '../form-values';
import { useBulkSelection } from '../../../components/bulk/use-bulk-selection';
import { CardBulk } from './card-bulk';
import { CardStatusTag } from './card-status-tag';
import { FormModal } from './form-modal';
import { CardFields, type CardValues } from './sub-fields';

/** The driver's RFID cards; archived ones are listed on request and can be restored. */
export function CardsSection({ driver, editable }: { driver: DriverDetail; editable: boolean }) {
  const { t } = useTranslation('drivers');
  const { t: tc } = useTranslation('common');
  const [editing, setEditing] = useState<RfidCard | 'new' | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const add = useAddCard();
  const update = useUpdateCard(driver.id);
  const archive = useArchiveCard(driver.id);
  const unarchive = useUnarchiveCard(driver.id);
  const cards = driver.rfidCards.filter((c) => showArchived || !c.archived);
  const archivedCount = driver.rfidCards.filter((c) => c.archived).length;
  // Every card of the driver is on one page; showing the archived ones is another list.
  const bulk = useBulkSelection<RfidCard, { driverId: number; showArchived: boolean }>(
    { driverId: driver.id, showArchived },
    { items: cards, total: cards.length, index: 0, size: cards.length },
  );

  const columns: TableColumnsType<RfidCard> = [
    {
      title: t('card.number'),
      key: 'number',
      render: (_, c) => (
        <Typography.Text code copyable={{ text: c.number }}>
          {c.number}
        </Typography.Text>
      ),
    },
    { title: t('card.name'), key: 'name', render: (_, c) => c.name ?? '—' },
    {
      title: t('card.expiresAt'),
      key: 'expiresAt',
      render: (_, c) => (c.expiresAt ? <bdi>{formatDate(c.expiresAt)}</bdi> : t('card.noExpiry')),
    },
    { title: t('card.status'), key: 'status', render: (_, c) => <CardStatusTag card={c} /> },
    {
      title: t('card.group'),
      key: 'groupIdToken',
      render: (_, c) => (c.groupIdToken ? <Typography.Text code>{c.groupIdToken}</Typography.Text> : '—'),
    },
    {
      title: t('card.archivedAt'),
      key: 'archivedAt',
      hidden: !showArchived,
      render: (_, c) => (c.archivedAt ? <bdi>{formatDateTime(c.archivedAt)}</bdi> : '—'),
    },
    {
      title: <HiddenTitle name="actions" />,
      key: 'actions',
      align: 'end',
      width: 120,
      hidden: !editable,
      render: (_, c) =>
        c.archived ? (
          <Popconfirm
            title={t('card.unarchiveTitle')}
            description={t('card.unarchiveConfirm', { number: c.number })}
            okText={t('card.unarchive')}
            cancelText={tc('actions.cancel')}
            onConfirm={() => unarchive.mutate(c.id)}
          >
            <Button type="text" icon={<UndoOutlined />} aria-label={t('card.unarchive')}>
              {t('card.unarchive')}
            </Button>
          </Popconfirm>
        ) : (
          <Space size={0}>
            <Tooltip title={tc('actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={tc('actions.edit')}
                onClick={() => setEditing(c)}
              />
            </Tooltip>
            <Popconfirm
              title={t('card.archiveTitle')}
              description={t('card.archiveConfirm', { number: c.number })}
              okText={t('card.archive')}
              okButtonProps={{ danger: true }}
              cancelText={tc('actions.cancel')}
              onConfirm={() => archive.mutate(c.id)}
            >
              <Button type="text" danger icon={<InboxOutlined />}>
                {t('card.archive')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  const current = editing && editing !== 'new' ? editing : null;

  return (
    <Card
      title={t('card.sectionTitle')}
      styles={{ body: { padding: 0 } }}
      extra={
        <Space wrap>
          {archivedCount > 0 && (
            <Space size={6}>
              <Switch
                size="small"
                checked={showArchived}
                onChange={setShowArchived}
                aria-label={t('card.showArchived')}
              />
              <Typography.Text type="secondary">
                {t('card.showArchived', { count: archivedCount })}
              </Typography.Text>
            </Space>
          )}
          {editable && (
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('card.add')}
            </Button>
          )}
        </Space>
      }
    >
      {editable && (
        <div style={{ padding: bulk.count ? '12px 12px 0' : 0 }}>
          <CardBulk
            driverId={driver.id}
            state={{ ...bulk, selection: bulk.selection?.mode === 'ids' ? bulk.selection : null }}
          />
        </div>
      )}
      <Table<RfidCard>
        rowKey="id"
        rowSelection={editable ? bulk.rowSelection : undefined}
        size="middle"
        columns={columns}
        dataSource={cards}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('card.empty') }}
        data-testid="driver-cards"
      />
      <FormModal<CardValues>
        open={editing !== null}
        title={current ? t('card.editTitle', { number: current.number }) : t('card.addTitle')}
        initialValues={
          current
            ? { ...current, expiresAt: current.expiresAt ? dayjs(current.expiresAt) : null }
            : { status: 'active' }
        }
        onClose={() => setEditing(null)}
        onSubmit={(values) => {
          const body = cardBody(values);
          return current
            ? update.mutateAsync({
                id: current.id,
                name: body.name,
                expiresAt: body.expiresAt,
                status: body.status,
                groupIdToken: body.groupIdToken ?? null,
              })
            : add.mutateAsync({ ...body, driverId: driver.id });
        }}
      >
        <CardFields numberLocked={!!current} />
      </FormModal>
    </Card>
  );
}
