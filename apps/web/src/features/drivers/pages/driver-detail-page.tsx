import { useState } from 'react';
import { Button, Flex, Modal, Tabs, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useCan } from '../../../hooks/use-permission';
import { useDeleteDriver } from '../api/delete-driver';
import { useDriver } from '../api/get-driver';
import { AddressesSection } from '../components/addresses-section';
import { BalanceDialog } from '../components/balance-dialog';
import { CardsSection } from '../components/cards-section';
import { CustomerInformationSection } from '../components/customer-information-section';
import { DriverNotFound } from '../components/driver-not-found';
import { DriverSummary } from '../components/driver-summary';
import { deleteBlock } from '../driver-rules';
import { LedgerTable } from '../components/ledger-table';
import { SessionsTable } from '../components/sessions-table';
import { StatementBar } from '../../../components/receipts/statement-bar';
import { StatusDialog } from '../components/status-dialog';
import { StatusHistory } from '../components/status-history';
import { VehiclesSection } from '../components/vehicles-section';
import { DRIVERS_PATH, driverEditPath } from '../paths';

export default function DriverDetailPage() {
  const { t } = useTranslation('drivers');
  const { t: tc } = useTranslation('common');
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = Number(useParams().id);
  const driver = useDriver(id);
  const canWrite = useCan('drivers:write');
  const canSessions = useCan('sessions:read');
  const remove = useDeleteDriver();
  const [dialog, setDialog] = useState<'balance' | 'status' | null>(null);

  if (driver.isPending && driver.fetchStatus !== 'idle') return <PageLoader />;
  if (!driver.data) return <DriverNotFound />;
  const d = driver.data;
  const block = deleteBlock(d);

  const confirmDelete = () => {
    void modal.confirm({
      title: t('delete.title'),
      content: t('delete.confirm', { name: `${d.name} ${d.surname}` }),
      okText: tc('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: tc('actions.cancel'),
      onOk: () => remove.mutateAsync(id).then(() => navigate(DRIVERS_PATH, { replace: true })),
    });
  };

  const tabs = [
    { key: 'cards', label: t('tabs.cards'), children: <CardsSection driver={d} editable={canWrite} /> },
    { key: 'ledger', label: t('tabs.ledger'), children: <LedgerTable driverId={id} currency={d.currency} /> },
    ...(canSessions
      ? [
          {
            key: 'sessions',
            label: t('tabs.sessions'),
            children: (
              <Flex vertical gap={12}>
                <StatementBar driverId={id} />
                <SessionsTable driverId={id} currency={d.currency} />
              </Flex>
            ),
          },
        ]
      : []),
    { key: 'status', label: t('tabs.status'), children: <StatusHistory driverId={id} /> },
    {
      key: 'customerInformation',
      label: t('tabs.customerInformation'),
      children: <CustomerInformationSection driverId={id} editable={canWrite} />,
    },
    {
      key: 'profile',
      label: t('tabs.addressesVehicles'),
      children: (
        <Flex vertical gap={16}>
          <AddressesSection driver={d} editable={canWrite} />
          <VehiclesSection driver={d} editable={canWrite} />
        </Flex>
      ),
    },
  ];
  const tab = tabs.some((x) => x.key === params.get('tab')) ? (params.get('tab') as string) : 'cards';

  return (
    <>
      {modalHolder}
      <PageHeader
        title={t('detail.title')}
        backTo={DRIVERS_PATH}
        extra={
          canWrite && (
            <>
              <Button icon={<EditOutlined />} onClick={() => void navigate(driverEditPath(id))}>
                {tc('actions.edit')}
              </Button>
              <Tooltip title={block && t(`blocked.${block}`)}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={confirmDelete}
                  disabled={block !== null}
                  data-testid="driver-delete"
                >
                  {tc('actions.delete')}
                </Button>
              </Tooltip>
            </>
          )
        }
      />
      <DriverSummary
        driver={d}
        canWrite={canWrite}
        onAdjustBalance={() => setDialog('balance')}
        onChangeStatus={() => setDialog('status')}
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={tabs}
        data-testid="driver-tabs"
      />
      {canWrite && (
        <>
          <BalanceDialog driver={d} open={dialog === 'balance'} onClose={() => setDialog(null)} />
          <StatusDialog driver={d} open={dialog === 'status'} onClose={() => setDialog(null)} />
        </>
      )}
    </>
  );
}
