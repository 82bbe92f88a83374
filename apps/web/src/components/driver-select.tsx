import { useEffect, useState } from 'react';
import { Select, Spin } from 'antd';
import { useDriverSearch } from '../api/lookups';

const TYPING_PAUSE_MS = 300;

/**
 * A driver filter for networks of any size: the server is asked for the drivers matching what
 * is typed (name, e-mail, phone or card), so driver 5,000 is found as easily as driver 5. The
 * chosen driver keeps its name even when it is not among the current matches. Until the
 * matches for what was typed have arrived, none are offered, so Enter cannot pick a driver
 * matched by an earlier search.
 */
export function DriverSelect({
  id,
  value,
  onChange,
  placeholder,
  label,
  testId,
}: {
  /** `id`, `value` and `onChange` are optional where a form item provides them. */
  id?: string;
  value?: number;
  onChange?: (driverId: number | undefined) => void;
  placeholder?: string;
  /** The accessible name when there is no placeholder (a form item's label). */
  label?: string;
  testId?: string;
}) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { matches, chosenName } = useDriverSearch(search, value);
  const settled = typed.trim() === search && !matches.isFetching;

  const options = settled
    ? (matches.data ?? []).map((d) => ({ value: d.id, label: `${d.name} ${d.surname}` }))
    : [];
  if (value !== undefined && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: chosenName ?? `#${value}` });
  }

  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      style={{ width: '100%' }}
      placeholder={placeholder}
      aria-label={placeholder ?? label}
      loading={!settled}
      notFoundContent={settled ? undefined : <Spin size="small" />}
      value={value}
      onChange={(driverId?: number) => {
        setTyped('');
        onChange?.(driverId);
      }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      options={options}
      data-testid={testId}
    />
  );
}
