import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useDriverSearch } from '../api/lookups';

const TYPING_PAUSE_MS = 300;

/**
 * A driver filter for networks of any size: the server is asked for the drivers matching what
 * is typed (name, e-mail, phone or card), so driver 5,000 is found as easily as driver 5. The
 * chosen driver keeps its name even when it is not among the current matches.
 */
export function DriverSelect({
  value,
  onChange,
  placeholder,
  testId,
}: {
  /** Optional where a form item provides them. */
  value?: number;
  onChange?: (driverId: number | undefined) => void;
  placeholder?: string;
  testId?: string;
}) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { matches, chosenName } = useDriverSearch(search, value);

  const options = (matches.data ?? []).map((d) => ({ value: d.id, label: `${d.name} ${d.surname}` }));
  if (value !== undefined && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: chosenName ?? `#${value}` });
  }

  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      style={{ width: '100%' }}
      placeholder={placeholder}
      aria-label={placeholder}
      loading={matches.isFetching}
      value={value}
      onChange={(id?: number) => {
        setTyped('');
        onChange?.(id);
      }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      options={options}
      data-testid={testId}
    />
  );
}
