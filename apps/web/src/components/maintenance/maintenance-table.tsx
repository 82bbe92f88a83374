import { useState } from 'react';
import { Button, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MaintenanceLog, Page } from '@voltline/contract';
import { useDeleteMaintenanceLog } from '../../api/maintenance/save-maintenance-log';
import { APP_PREFIX } from '../../config/app';
import { useCan } from '../../hooks/use-permission';
import { formatDateTime } from '../../lib/format';
import { ConfirmAction } from '../confirm-action';
import { actionsColumn, useListTableProps } from '../list-table/columns';
import { OneLine, OneLineLink } from '../list-table/one-line';
import { useListPagination } from '../list-table/pagination';
import { MaintenanceFormModal } from './maintenance-form-modal';
import { entryAside, entryWords, TYPE_COLORS } from './maintenance-words';

const detailPath = (id: string) => `${APP_PREFIX}/management/device/detail/${encodeURIComponent(id)}`;

/**
 * Maintenance entries, newest first, paged by the server. Technicians' entries can be changed
 * and deleted by a user with logs:write; automatic ones say why they cannot.
 */
export function MaintenanceTable({
  page,
  loading,
  onPage,
  showChargePoint = true,
  testId,
}: {
  page: Page<MaintenanceLog> | undefined;
  loading: boolean;
  onPage: (index: number) => void;
  showChargePoint?: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation('maintenance');
  const { t: tc } = useTranslation('common');
  const lng = i18n.language;
  const canWrite = useCan('logs:write');
  const canSeeChargePoints = useCan('chargePoints:read');
  const remove = useDeleteMaintenanceLog();
  const [editing, setEditing] = useState<MaintenanceLog | null>(null);

  const columns: TableColumnsType<MaintenanceLog> = [
    {
      title: t('columns.start'),
      key: 'start',
      width: 140,
      render: (_, l) => <bdi>{formatDateTime(l.startedAt, lng)}</bdi>,
    },
    {
      title: t('columns.chargePoint'),
      key: 'chargePoint',
      width: 150,
      hidden: !showChargePoint,
      render: (_, l) =>
        canSeeChargePoints ? (
          <OneLineLink to={detailPath(l.chargePointId)} title={l.chargePointName}>
            {l.chargePointId}
          </OneLineLink>
        ) : (
          <OneLine>{l.chargePointId}</OneLine>
        ),
    },
    {
      title: t('columns.type'),
      key: 'type',
      width: 150,
      render: (_, l) => (
        <Tag
          color={TYPE_COLORS[l.type]}
          style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {t(`types.${l.type}`)}
        </Tag>
      ),
    },
    {
      // The only column without a width: it takes what the others leave.
      title: t('columns.details'),
      key: 'details',
      render: (_, l) => {
        const aside = entryAside(tc, l);
        const words = <OneLine>{entryWords(t, tc, l)}</OneLine>;
        return aside ? <Tooltip title={aside}>{words}</Tooltip> : words;
      },
    },
    {
      title: t('columns.technician'),
      key: 'technician',
      width: 150,
      responsive: ['lg'],
      render: (_, l) =>
        l.source === 'manual' ? (
          <OneLine>{l.technician ?? '—'}</OneLine>
        ) : (
          <Typography.Text type="secondary">{l.createdByName ?? t('system')}</Typography.Text>
        ),
    },
    {
      title: t('columns.source'),
      key: 'source',
      width: 110,
      responsive: ['xl'],
      render: (_, l) => <Tag bordered={false}>{t(`sources.${l.source}`)}</Tag>,
    },
    {
      title: t('columns.end'),
      key: 'end',
      width: 140,
      responsive: ['md'],
      render: (_, l) => <bdi>{l.endedAt ? formatDateTime(l.endedAt, lng) : '—'}</bdi>,
    },
    ...(canWrite
      ? [
          actionsColumn<MaintenanceLog>(t('columns.actions'), 96, (l) => {
            const blocked = l.source === 'auto' ? t('autoHint') : null;
            const edit = (
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('edit')}
                disabled={Boolean(blocked)}
                onClick={() => setEditing(l)}
                data-testid="maintenance-edit"
              />
            );
            return (
              <Space size={0}>
                {blocked ? <Tooltip title={blocked}>{edit}</Tooltip> : edit}
                <ConfirmAction
                  size="small"
                  icon={<DeleteOutlined />}
                  label={t('delete')}
                  blocked={blocked}
                  title={t('deleteTitle')}
                  description={t('deleteText')}
                  okText={t('delete')}
                  loading={remove.isPending}
                  onConfirm={() => remove.mutate(l.id)}
                  testId="maintenance-delete"
                />
              </Space>
            );
          }),
        ]
      : []),
  ];
  const tableProps = useListTableProps(columns);

  return (
    <>
      <Table<MaintenanceLog>
        rowKey="id"
        columns={columns}
        dataSource={page?.items}
        loading={loading}
        {...tableProps}
        locale={{ emptyText: t('empty') }}
        pagination={useListPagination(page, onPage, { hideOnSinglePage: true })}
        data-testid={testId}
      />
      <MaintenanceFormModal open={editing !== null} entry={editing} onClose={() => setEditing(null)} />
    </>
  );
}
