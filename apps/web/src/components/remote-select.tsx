import { useEffect, useState } from 'react';
import { Select, Spin } from 'antd';
import { useRemoteChoices, type RemoteChoices } from '../api/lookups';

const TYPING_PAUSE_MS = 300;

export interface RemoteSelectProps<V extends string | number> {
  /** `id`, `value` and `onChange` are optional where a form item provides them. */
  id?: string;
  value?: V;
  onChange?: (value: V | undefined) => void;
  placeholder?: string;
  /** The accessible name when there is no placeholder (a form item's label). */
  label?: string;
  testId?: string;
}

/**
 * A choice among records of any number (drivers, charge points): the server is asked for the
 * records matching what is typed, so the 5,000th is found as easily as the 5th. The chosen one
 * keeps its name even when it is not among the current matches. Until the matches for what was
 * typed have arrived, none are offered, so Enter cannot pick one matched by an earlier search.
 */
export function RemoteSelect<V extends string | number>({
  source,
  id,
  value,
  onChange,
  placeholder,
  label,
  testId,
}: RemoteSelectProps<V> & { source: RemoteChoices<V> }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { matches, chosenLabel } = useRemoteChoices(source, search, value);
  const settled = typed.trim() === search && !matches.isFetching;

  const options = settled ? [...(matches.data ?? [])] : [];
  if (value !== undefined && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: chosenLabel ?? String(value) });
  }

  return (
    <Select<V>
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      style={{ width: '100%' }}
      placeholder={placeholder}
      aria-label={placeholder ?? label}
      loading={!settled}
      notFoundContent={settled ? undefined : <Spin size="small" />}
      value={value}
      onChange={(next?: V) => {
        setTyped('');
        onChange?.(next);
      }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      options={options}
      data-testid={testId}
    />
  );
}
