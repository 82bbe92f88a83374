import { useState } from 'react';
import { Flex, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChargePoint } from '@voltline/contract';
import { useListTableProps } from '../../../components/list-table/columns';
import { OneLine } from '../../../components/list-table/one-line';
import { useListPagination } from '../../../components/list-table/pagination';
import { formatNumber } from '../../../lib/format';
import { useCandidates } from '../api/get-candidates';

/**
 * Charge points to put in a group, chosen row by row across pages and searches: those of the
 * group's operator (the server holds the rule of which may join), `exclude` left out.
 */
export function ChargePointPicker({
  operatorId,
  selected,
  onChange,
  exclude = [],
}: {
  operatorId: number | undefined;
  selected: string[];
  onChange: (chargePointIds: string[]) => void;
  exclude?: string[];
}) {
  const { t, i18n } = useTranslation('smartCharging');
  const [search, setSearch] = useState('');
  const [index, setIndex] = useState(0);
  const candidates = useCandidates(operatorId, search, index);
  const columns: TableColumnsType<ChargePoint> = [
    { title: t('picker.id'), key: 'id', width: 200, render: (_, c) => <OneLine>{c.chargePointId}</OneLine> },
    { title: t('fields.name'), key: 'name', render: (_, c) => <OneLine>{c.name}</OneLine> },
    {
      title: t('picker.connection'),
      key: 'connection',
      width: 140,
      render: (_, c) => (
        <Tag color={c.connection === 'Connected' ? 'success' : 'default'}>
          {t(`connection.${c.connection}`)}
        </Tag>
      ),
    },
  ];
  const { scroll: _scroll, ...tableProps } = useListTableProps(columns, 48);
  const pagination = useListPagination(candidates.data, setIndex, { hideOnSinglePage: true });
  const excluded = new Set(exclude);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Input.Search
          allowClear
          placeholder={t('picker.search')}
          aria-label={t('picker.search')}
          // Inside the group form, Enter would also submit the form: it only searches here.
          onPressEnter={(e) => e.preventDefault()}
          onSearch={(v) => {
            setSearch(v.trim());
            setIndex(0);
          }}
          style={{ maxWidth: 360 }}
          data-testid="sc-picker-search"
        />
        <Typography.Text data-testid="sc-picker-count">
          {t('picker.selected', { count: selected.length, n: formatNumber(selected.length, i18n.language) })}
        </Typography.Text>
      </Flex>
      <Table<ChargePoint>
        rowKey="chargePointId"
        columns={columns}
        dataSource={candidates.data?.items}
        loading={candidates.isFetching}
        {...tableProps}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => onChange(keys.map(String)),
          getCheckboxProps: (c) => ({
            'aria-label': c.chargePointId,
            disabled: excluded.has(c.chargePointId),
          }),
        }}
        locale={{ emptyText: t('picker.empty') }}
        pagination={pagination}
        data-testid="sc-picker-table"
      />
    </Flex>
  );
}
