import { Button, Card, Tabs } from 'antd';
import { ClockCircleOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { DownloadButton } from '../../../components/download-button';
import { useFileDownload } from '../../../hooks/use-file-download';
import { useListView } from '../../../hooks/use-search-view';
import { useCan } from '../../../hooks/use-permission';
import { useMe } from '../../../api/get-me';
import { datedFileName } from '../../../lib/download';
import { exportChargePoints } from '../api/export-charge-points';
import { listFilter, useChargePoints } from '../api/get-charge-points';
import type { DeviceList } from '../api/keys';
import { ChargePointFilters } from '../components/charge-point-filters';
import { ChargePointTable } from '../components/charge-point-table';
import { ChargePointBulk } from '../components/charge-point-bulk';
import { useBulkSelection } from '../../../components/bulk/use-bulk-selection';
import type { ChargePoint } from '@voltline/contract';
import { SendToManyModal } from '../components/display-messages/send-to-many-modal';
import { DEVICE_LISTS, filterFromParams, filterToParams } from '../filter-params';
import { DEVICES_PATH } from '../paths';

export default function ChargePointListPage() {
  const { t } = useTranslation('chargePoints');
  const navigate = useNavigate();
  const canWrite = useCan('chargePoints:write');
  const canCommand = useCan('commands:write');
  const [messaging, setMessaging] = useState(false);
  const isAdmin = useMe().data?.roles.includes('Admin') ?? false;
  const {
    view: { kind, index, filter },
    update: setView,
    setFilter,
  } = useListView(filterFromParams, filterToParams);
  const chargePoints = useChargePoints(kind, index, filter);
  const excel = useFileDownload();
  const bulk = useBulkSelection<ChargePoint, typeof filter>(listFilter(kind, filter), chargePoints.data);

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          <>
            <DownloadButton
              progress={excel.progress}
              onClick={() =>
                void excel.download(
                  (p) => exportChargePoints(listFilter(kind, filter), p),
                  datedFileName('charge-points'),
                )
              }
            />
            {isAdmin && (
              <Button icon={<ClockCircleOutlined />} onClick={() => void navigate(`${DEVICES_PATH}/pending`)}>
                {t('pending.open')}
              </Button>
            )}
            {canCommand && (
              <Button
                icon={<MessageOutlined />}
                onClick={() => setMessaging(true)}
                data-testid="dm-many-open"
              >
                {t('displayMessages.toMany')}
              </Button>
            )}
            {canWrite && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate(`${DEVICES_PATH}/add`)}
              >
                {t('list.add')}
              </Button>
            )}
          </>
        }
      />
      <Tabs
        activeKey={kind}
        onChange={(k) =>
          setView((current) => ({
            kind: k as DeviceList,
            filter: { ...current.filter, registrationStatus: undefined },
            index: 0,
          }))
        }
        items={DEVICE_LISTS.map((k) => ({ key: k, label: t(`list.tabs.${k}`) }))}
        data-testid="cp-list-tabs"
      />
      <ChargePointFilters kind={kind} value={filter} onChange={(next) => setFilter(next)} />
      <ChargePointBulk kind={kind} state={bulk} />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('list.title')}>
        <ChargePointTable
          page={chargePoints.data}
          loading={chargePoints.isPending}
          onPage={(i) => setView({ index: i })}
          rowSelection={bulk.rowSelection}
        />
      </Card>
      <SendToManyModal
        open={messaging}
        onClose={() => setMessaging(false)}
        chargers={(chargePoints.data?.items ?? []).map((c) => c.chargePointId)}
      />
    </>
  );
}
