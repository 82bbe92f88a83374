import { useState } from 'react';
import { Button, Flex, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceFirmware, DeviceFirmwareFilter } from '@voltline/contract';
import { useListTableProps } from '../../../components/list-table/columns';
import { useListPagination } from '../../../components/list-table/pagination';
import { formatNumber } from '../../../lib/format';
import { getAllDeviceIds, useDeviceFirmware } from '../api/get-device-firmware';
import { deviceFirmwareColumns } from './device-firmware-columns';
import { DeviceFilters } from './device-filters';

/**
 * The chargers a campaign goes to: filtered like the device firmware screen, chosen row by row
 * across pages (the choice stays while the filter or page changes) or all matching at once.
 */
export function DevicePicker({
  selected,
  onChange,
}: {
  selected: string[];
  onChange: (chargePointIds: string[]) => void;
}) {
  const { t, i18n } = useTranslation('firmware');
  const [filter, setFilter] = useState<DeviceFirmwareFilter>({});
  const [index, setIndex] = useState(0);
  const [addingAll, setAddingAll] = useState(false);
  const devices = useDeviceFirmware(index, filter);
  const columns = deviceFirmwareColumns(t, i18n.language, { withStatus: false });
  // No sideways scroll here: antd would copy the select-all checkbox into the hidden row it
  // measures a scrolling table with, where keyboard focus could reach it unseen.
  const { scroll: _scroll, ...tableProps } = useListTableProps(columns, 48);
  const pagination = useListPagination(devices.data, setIndex, { hideOnSinglePage: true });

  const selectAll = () => {
    setAddingAll(true);
    getAllDeviceIds(filter)
      .then((ids) => onChange([...new Set([...selected, ...ids])]))
      .catch(() => undefined)
      .finally(() => setAddingAll(false));
  };

  return (
    <Flex vertical gap={12}>
      <DeviceFilters
        value={filter}
        onChange={(next) => {
          setFilter(next);
          setIndex(0);
        }}
        testPrefix="fw-picker"
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text data-testid="fw-selected-count">
          {t('update.selected', { count: selected.length, n: formatNumber(selected.length, i18n.language) })}
        </Typography.Text>
        <Space>
          <Button
            onClick={selectAll}
            loading={addingAll}
            disabled={!devices.data?.total}
            data-testid="fw-select-all"
          >
            {t('update.selectAll', { n: formatNumber(devices.data?.total ?? 0, i18n.language) })}
          </Button>
          <Button onClick={() => onChange([])} disabled={selected.length === 0}>
            {t('update.clearSelection')}
          </Button>
        </Space>
      </Flex>
      <Table<DeviceFirmware>
        rowKey="chargePointId"
        columns={columns}
        dataSource={devices.data?.items}
        loading={devices.isFetching}
        {...tableProps}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => onChange(keys.map(String)),
          getCheckboxProps: (d) => ({ 'aria-label': d.chargePointId }),
        }}
        pagination={pagination}
        data-testid="fw-picker-table"
      />
    </Flex>
  );
}
