import { Flex, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Page, SmartChargingGroup } from '@voltline/contract';
import { ConfirmAction } from '../../../components/confirm-action';
import { actionsColumn, useListTableProps } from '../../../components/list-table/columns';
import { OneLine, OneLineLink } from '../../../components/list-table/one-line';
import { useListPagination } from '../../../components/list-table/pagination';
import { useCan } from '../../../hooks/use-permission';
import { formatNumber } from '../../../lib/format';
import { useDeleteGroup } from '../api/delete-group';
import { groupDetailPath, groupEditPath } from '../paths';
import { formatInUnit } from '../units';
import { ModeTag, UnitTag } from './group-tags';

export function GroupTable({
  page,
  loading,
  onPage,
}: {
  page: Page<SmartChargingGroup> | undefined;
  loading: boolean;
  onPage: (index: number) => void;
}) {
  const { t, i18n } = useTranslation('smartCharging');
  const { t: tc } = useTranslation('common');
  const lng = i18n.language;
  const navigate = useNavigate();
  const canWrite = useCan('smartCharging:write');
  const remove = useDeleteGroup();

  const columns: TableColumnsType<SmartChargingGroup> = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, g) => <OneLineLink to={groupDetailPath(g.id)}>{g.name}</OneLineLink>,
    },
    {
      title: t('fields.operator'),
      key: 'operator',
      width: 170,
      responsive: ['lg'],
      render: (_, g) => <OneLine>{g.operatorName}</OneLine>,
    },
    {
      title: t('fields.unit'),
      key: 'unit',
      width: 80,
      render: (_, g) => <UnitTag unit={g.chargingRateUnit} />,
    },
    { title: t('fields.mode'), key: 'mode', width: 160, render: (_, g) => <ModeTag mode={g.mode} /> },
    {
      title: t('fields.limitNow'),
      key: 'limit',
      width: 120,
      align: 'end',
      render: (_, g) => <bdi>{formatInUnit(g.currentLimit, g.chargingRateUnit, lng)}</bdi>,
    },
    {
      title: t('fields.chargePoints'),
      key: 'chargePoints',
      width: 130,
      align: 'end',
      render: (_, g) => formatNumber(g.chargePointCount, lng),
    },
    {
      title: t('fields.activeSessions'),
      key: 'activeSessions',
      width: 130,
      align: 'end',
      render: (_, g) => formatNumber(g.activeSessions, lng),
    },
    actionsColumn(tc('common.actions'), canWrite ? 128 : 64, (g) => (
      <Flex gap={4} justify="flex-end">
        <Tooltip title={tc('actions.view')}>
          <Button
            type="text"
            icon={<EyeOutlined />}
            aria-label={`${tc('actions.view')}: ${g.name}`}
            onClick={() => void navigate(groupDetailPath(g.id))}
          />
        </Tooltip>
        {canWrite && (
          <>
            <Tooltip title={tc('actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${tc('actions.edit')}: ${g.name}`}
                onClick={() => void navigate(groupEditPath(g.id))}
              />
            </Tooltip>
            <ConfirmAction
              icon={<DeleteOutlined />}
              label={`${tc('actions.delete')}: ${g.name}`}
              title={t('delete.title', { name: g.name })}
              description={t('delete.warning')}
              okText={tc('actions.delete')}
              loading={remove.isPending}
              onConfirm={() => remove.mutate(g.id)}
              testId="sc-delete"
            />
          </>
        )}
      </Flex>
    )),
  ];

  return (
    <Table<SmartChargingGroup>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      {...useListTableProps(columns)}
      locale={{ emptyText: t('list.empty') }}
      pagination={useListPagination(page, onPage)}
      data-testid="sc-table"
    />
  );
}
