import { useState } from 'react';
import { Button, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useChargerMaintenance } from '../../api/maintenance/get-maintenance-logs';
import { useCan } from '../../hooks/use-permission';
import { MaintenanceFormModal } from './maintenance-form-modal';
import { MaintenanceTable } from './maintenance-table';

/** A charge point's maintenance history, on its detail, with the add action. */
export function ChargerMaintenance({ chargePointId }: { chargePointId: string }) {
  const { t } = useTranslation('maintenance');
  const canWrite = useCan('logs:write');
  const [index, setIndex] = useState(0);
  const [adding, setAdding] = useState(false);
  const logs = useChargerMaintenance(chargePointId, index);

  return (
    <>
      {canWrite && (
        <Flex justify="end" style={{ marginBottom: 12 }}>
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="maintenance-add">
            {t('add')}
          </Button>
        </Flex>
      )}
      <MaintenanceTable
        page={logs.data}
        loading={logs.isPending || logs.isPlaceholderData}
        onPage={setIndex}
        showChargePoint={false}
        testId="charger-maintenance-table"
      />
      <MaintenanceFormModal
        open={adding}
        entry={null}
        chargePointId={chargePointId}
        onClose={() => setAdding(false)}
      />
    </>
  );
}
