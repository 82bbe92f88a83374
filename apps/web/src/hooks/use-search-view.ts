import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's view (tab, page, filters) kept in the address, and a setter that changes part of it.
 *
 * The router renders a navigation as a transition, so a quick second change (a tab, then a card
 * number typed and sent right after) can arrive before the first one has rendered. Building the
 * next address from the last render would then undo the first change; the setter builds it from
 * the address as it is at that moment instead.
 */
export function useSearchView<V>(
  parse: (params: URLSearchParams) => V,
  format: (view: V) => URLSearchParams,
): [V, (change: Partial<V> | ((current: V) => Partial<V>)) => void] {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parse(params), [parse, params]);
  const update = useCallback(
    (change: Partial<V> | ((current: V) => Partial<V>)) => {
      const current = parse(new URLSearchParams(window.location.search));
      const next = typeof change === 'function' ? change(current) : change;
      setParams(format({ ...current, ...next }), { replace: true });
    },
    [parse, format, setParams],
  );
  return [view, update];
}

/**
 * The fields a filter form changed from what it was shown (a cleared field as `undefined`), to
 * apply onto the address as it is now rather than replace it with the form's possibly older view.
 */
export function changedFields<T extends object>(shown: T, next: T): Partial<T> {
  const keys = new Set([...Object.keys(shown), ...Object.keys(next)]) as Set<keyof T>;
  const changes: Partial<T> = {};
  for (const key of keys) if (shown[key] !== next[key]) changes[key] = next[key];
  return changes;
}

/**
 * A list page's view in the address (useSearchView), with `setFilter` for its filter form: the
 * fields the form changed go onto the address as it is now, and the list goes back to its first
 * page unless `index` says otherwise (the form's own value with an index turns the page).
 */
export function useListView<F extends object, V extends { filter: F; index: number }>(
  parse: (params: URLSearchParams) => V,
  format: (view: V) => URLSearchParams,
) {
  const [view, update] = useSearchView(parse, format);
  const shown = view.filter;
  const setFilter = useCallback(
    (next: F, index = 0) =>
      update(
        (current) => ({ filter: { ...current.filter, ...changedFields(shown, next) }, index }) as Partial<V>,
      ),
    [update, shown],
  );
  return { view, update, setFilter };
}
