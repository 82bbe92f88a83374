import { useState } from 'react';
import { Button, Card, Empty, List, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DriverAddress, DriverDetail } from '@voltline/contract';
import { countryName } from '../../../lib/format';
import { useAddAddress } from '../api/add-address';
import { useDeleteAddress } from '../api/delete-address';
import { useUpdateAddress } from '../api/update-address';
import { addressBody } from '../form-values';
import { FormModal } from './form-modal';
import { AddressFields, type AddressValues } from './sub-fields';

export function AddressesSection({ driver, editable }: { driver: DriverDetail; editable: boolean }) {
  const { t, i18n } = useTranslation('drivers');
  const { t: tc } = useTranslation('common');
  const [editing, setEditing] = useState<DriverAddress | 'new' | null>(null);
  const add = useAddAddress();
  const update = useUpdateAddress(driver.id);
  const remove = useDeleteAddress(driver.id);
  const current = editing && editing !== 'new' ? editing : null;

  return (
    <Card
      title={t('address.sectionTitle')}
      extra={
        editable && (
          <Button
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            disabled={driver.addresses.length >= 10}
          >
            {t('address.add')}
          </Button>
        )
      }
      data-testid="driver-addresses"
    >
      {driver.addresses.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('address.empty')} />
      ) : (
        <List<DriverAddress>
          dataSource={driver.addresses}
          renderItem={(a) => (
            <List.Item
              actions={
                editable
                  ? [
                      <Tooltip key="edit" title={tc('actions.edit')}>
                        <Button
                          type="text"
                          icon={<EditOutlined />}
                          aria-label={tc('actions.edit')}
                          onClick={() => setEditing(a)}
                        />
                      </Tooltip>,
                      <Popconfirm
                        key="delete"
                        title={t('address.deleteTitle')}
                        description={t('address.deleteConfirm', { title: a.title })}
                        okText={tc('actions.delete')}
                        okButtonProps={{ danger: true }}
                        cancelText={tc('actions.cancel')}
                        onConfirm={() => remove.mutate(a.id)}
                      >
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={tc('actions.delete')}
                        />
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                avatar={<EnvironmentOutlined style={{ fontSize: 18, color: '#1677ff', marginTop: 4 }} />}
                title={a.title}
                description={
                  <Space direction="vertical" size={0}>
                    <Typography.Text>{[a.line1, a.line2].filter(Boolean).join(', ')}</Typography.Text>
                    <Typography.Text type="secondary">
                      {[a.zipCode, a.city, countryName(a.country, i18n.language)].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
      <FormModal<AddressValues>
        open={editing !== null}
        title={current ? t('address.editTitle') : t('address.addTitle')}
        initialValues={current ?? { country: 'TR' }}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          current
            ? update.mutateAsync({ id: current.id, ...addressBody(values) })
            : add.mutateAsync({ driverId: driver.id, ...addressBody(values) })
        }
      >
        <AddressFields />
      </FormModal>
    </Card>
  );
}
