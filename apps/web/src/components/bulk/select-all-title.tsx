import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { HiddenTitle } from '../list-table/hidden-title';

/**
 * The select-all checkbox of a list's header. Ant Design also renders each column's title in a
 * hidden, zero-height row it measures widths with (`aria-hidden`); a checkbox there would be a
 * focusable control no one can see. In that copy it is taken out of the tab order. The column's
 * name is read out by screen readers.
 */
export function SelectAllTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root?.closest('.ant-table-measure-row')) return;
    root.querySelectorAll('input, button, [tabindex]').forEach((el) => el.setAttribute('tabindex', '-1'));
  });
  return (
    <span ref={ref}>
      {children}
      <HiddenTitle name="select" />
    </span>
  );
}
