import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { PAGE_SIZE } from '@voltline/contract';
import { formatNumber } from '../../lib/format';

export function logPagination(
  page: { index: number; total: number } | undefined,
  onPage: (index: number) => void,
  tc: TFunction<'common'>,
  lng: string,
): TablePaginationConfig {
  return {
    current: (page?.index ?? 0) + 1,
    pageSize: PAGE_SIZE,
    total: page?.total ?? 0,
    showSizeChanger: false,
    showTotal: (total, [from, to]) =>
      tc('common.total', {
        range: `${formatNumber(from, lng)}–${formatNumber(to, lng)}`,
        total: formatNumber(total, lng),
      }),
    onChange: (p) => onPage(p - 1),
  };
}
