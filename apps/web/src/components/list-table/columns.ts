import type { ReactNode } from 'react';
import { Grid, type TableColumnType } from 'antd';
import type { TableRef } from 'antd/es/table';
import './list-table.css';

/** How narrow a column without a width may get before the table scrolls sideways. */
const FLEX_MIN = 150;

/**
 * Shared shape of the portal's lists: rows one line tall (see list-table.css), compact padding,
 * columns of fixed width but one or two that share the rest, and a horizontal scroll once the
 * window is narrower than the columns shown need (a tablet), so nothing is squeezed into lines.
 * `extra`: width of what antd adds itself, such as the expand column.
 */
export function useListTableProps<T>(columns: readonly TableColumnType<T>[], extra = 0) {
  const screens = Grid.useBreakpoint();
  const shown = columns.filter((c) => !c.hidden && (!c.responsive || c.responsive.some((b) => screens[b])));
  const x = shown.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : FLEX_MIN), extra);
  return {
    className: 'vl-list-table',
    size: 'middle',
    tableLayout: 'fixed',
    scroll: { x },
    ref: keyboardScroll,
  } as const;
}

/**
 * A table that scrolls sideways can be scrolled from the keyboard: its scrolling box takes focus
 * (an empty or link-less table has nothing else to focus inside it).
 */
function keyboardScroll(table: TableRef | null): void {
  table?.nativeElement
    ?.querySelectorAll('.ant-table-content, .ant-table-body')
    .forEach((box) => box.setAttribute('tabindex', '0'));
}

/** Row actions, pinned to the end of the row so they stay in reach while the table scrolls. */
export function actionsColumn<T>(
  title: string,
  width: number,
  render: (row: T) => ReactNode,
): TableColumnType<T> {
  return { title, key: 'actions', width, align: 'end', fixed: 'end', render: (_, row) => render(row) };
}
