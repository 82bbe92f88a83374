import { useState } from 'react';
import {
  Button,
  Card,
  Popconfirm,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HiddenTitle } from '../../../components/list-table/hidden-title';
import type { DriverDetail, DriverVehicle } from '@voltline/contract';
import { useAddVehicle } from '../api/add-vehicle';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { useUpdateVehicle } from '../api/update-vehicle';
import { vehicleBody } from '../form-values';
import { FormModal } from './form-modal';
import { VehicleFields, type VehicleValues } from './sub-fields';

export function VehiclesSection({ driver, editable }: { driver: DriverDetail; editable: boolean }) {
  const { t } = useTranslation('drivers');
  const { t: tc } = useTranslation('common');
  const [editing, setEditing] = useState<DriverVehicle | 'new' | null>(null);
  const add = useAddVehicle();
  const update = useUpdateVehicle(driver.id);
  const remove = useDeleteVehicle(driver.id);
  const current = editing && editing !== 'new' ? editing : null;

  const columns: TableColumnsType<DriverVehicle> = [
    { title: t('vehicle.name'), dataIndex: 'name', key: 'name' },
    { title: t('vehicle.model'), key: 'model', render: (_, v) => v.model ?? '—' },
    { title: t('vehicle.year'), key: 'year', width: 90, render: (_, v) => v.year ?? '—' },
    {
      title: t('vehicle.socketType'),
      key: 'socket',
      render: (_, v) => <Tag color="geekblue">{v.socketType}</Tag>,
    },
    {
      title: t('vehicle.vin'),
      key: 'vin',
      render: (_, v) => (v.vin ? <Typography.Text code>{v.vin}</Typography.Text> : '—'),
    },
    {
      title: <HiddenTitle name="actions" />,
      key: 'actions',
      align: 'end',
      width: 100,
      hidden: !editable,
      render: (_, v) => (
        <Space size={0}>
          <Tooltip title={tc('actions.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={tc('actions.edit')}
              onClick={() => setEditing(v)}
            />
          </Tooltip>
          <Popconfirm
            title={t('vehicle.deleteTitle')}
            description={t('vehicle.deleteConfirm', { name: v.name })}
            okText={tc('actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={tc('actions.cancel')}
            onConfirm={() => remove.mutate(v.id)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={tc('actions.delete')} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('vehicle.sectionTitle')}
      styles={{ body: { padding: 0 } }}
      extra={
        editable && (
          <Button
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            disabled={driver.vehicles.length >= 10}
          >
            {t('vehicle.add')}
          </Button>
        )
      }
    >
      <Table<DriverVehicle>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={driver.vehicles}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('vehicle.empty') }}
        data-testid="driver-vehicles"
      />
      <FormModal<VehicleValues>
        open={editing !== null}
        title={current ? t('vehicle.editTitle', { name: current.name }) : t('vehicle.addTitle')}
        initialValues={current ?? {}}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          current
            ? update.mutateAsync({ id: current.id, ...vehicleBody(values) })
            : add.mutateAsync({ driverId: driver.id, ...vehicleBody(values) })
        }
      >
        <VehicleFields />
      </FormModal>
    </Card>
  );
}
