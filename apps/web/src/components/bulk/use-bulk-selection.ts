import { createElement, useEffect, useState } from 'react';
import type { TableRowSelection } from 'antd/es/table/interface';
import type { Page } from '@voltline/contract';
import { SelectAllTitle } from './select-all-title';

/** What a bulk action is for: the rows ticked, or every row the list's filter matches. */
export type BulkSelectionOf<F> = { mode: 'ids'; ids: number[] } | { mode: 'filter'; filter: F };

/**
 * Row selection of a list: ticked rows across pages, or "all N matching the filter". Any change of
 * the filter (its key) starts again from nothing, so a selection never silently means other rows.
 */
export function useBulkSelection<T extends { id: number }, F>(filter: F, page: Page<T> | undefined) {
  const total = page?.total ?? 0;
  const pageIds = (page?.items ?? []).map((r) => r.id);
  const key = JSON.stringify(filter);
  const [ids, setIds] = useState<number[]>([]);
  const [all, setAll] = useState(false);
  useEffect(() => {
    setIds([]);
    setAll(false);
  }, [key]);

  const clear = () => {
    setIds([]);
    setAll(false);
  };
  const rowSelection: TableRowSelection<T> = {
    // All matching: every row shows ticked, and single rows cannot be unticked from it.
    selectedRowKeys: all ? pageIds : ids,
    preserveSelectedRowKeys: true,
    getCheckboxProps: () => ({ disabled: all }),
    onChange: (keys) => setIds(keys.map(Number)),
    columnTitle: (checkbox) => createElement(SelectAllTitle, null, checkbox),
  };
  const selection: BulkSelectionOf<F> | null = all
    ? { mode: 'filter', filter }
    : ids.length
      ? { mode: 'ids', ids }
      : null;
  return {
    rowSelection,
    selection,
    count: all ? total : ids.length,
    all,
    total,
    /** Every row on the page is ticked: the moment to offer the whole filter. */
    pageFull: pageIds.length > 0 && pageIds.every((id) => ids.includes(id)),
    selectAll: () => setAll(true),
    clear,
  };
}

/** What a list's bulk actions need of its selection. */
export interface BulkSelectionState<F> {
  selection: BulkSelectionOf<F> | null;
  count: number;
  all: boolean;
  total: number;
  pageFull: boolean;
  selectAll: () => void;
  clear: () => void;
}
