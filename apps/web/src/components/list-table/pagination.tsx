import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@voltline/contract';
import { formatNumber } from '../../lib/format';

/**
 * The paging of a list the server pages: fixed page size, "1–10 of 42" in the interface language
 * (isolated for right-to-left), and the zero-based page index handed back.
 */
export function useListPagination(
  page: { index: number; total: number } | undefined,
  /** Left out where the table's own onChange pages (with its sorting). */
  onPage?: (index: number) => void,
  options: { hideOnSinglePage?: boolean } = {},
): TablePaginationConfig {
  const { t: tc, i18n } = useTranslation('common');
  const lng = i18n.language;
  return {
    current: (page?.index ?? 0) + 1,
    pageSize: PAGE_SIZE,
    total: page?.total ?? 0,
    showSizeChanger: false,
    ...options,
    showTotal: (total, [from, to]) => (
      <bdi>
        {tc('common.total', {
          range: `${formatNumber(from, lng)}–${formatNumber(to, lng)}`,
          total: formatNumber(total, lng),
        })}
      </bdi>
    ),
    ...(onPage ? { onChange: (p: number) => onPage(p - 1) } : {}),
  };
}
