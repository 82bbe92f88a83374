import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OperatorSummary } from '@voltline/contract';
import { dateFormat } from '../lib/format';

/** Controls shared by the lists' filter bars, so every list filters the same way. */

/**
 * The operators in reach, searchable by name; `activeOnly` leaves archived ones out. `operators`
 * is the screen's own lookup query, so a screen that changes operators refreshes its filter.
 */
export function OperatorFilter({
  operators,
  value,
  onChange,
  placeholder,
  activeOnly = false,
  testId,
}: {
  operators: { data?: OperatorSummary[]; isPending: boolean };
  value: number | undefined;
  onChange: (operatorId: number | undefined) => void;
  placeholder: string;
  activeOnly?: boolean;
  testId?: string;
}) {
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      placeholder={placeholder}
      aria-label={placeholder}
      loading={operators.isPending}
      value={value}
      onChange={(operatorId?: number) => onChange(operatorId)}
      options={operators.data
        ?.filter((o) => !activeOnly || !o.archived)
        .map((o) => ({ value: o.id, label: o.name }))}
      data-testid={testId}
    />
  );
}

/** A from–to range of date and time in the interface's format; either end may stay open. */
export function DateTimeRangeFilter({
  from,
  to,
  onChange,
  placeholders,
  testId,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
  placeholders: [string, string];
  testId?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <DatePicker.RangePicker
      showTime={{ format: dateFormat('time', i18n.language) }}
      format={dateFormat('dateTime', i18n.language)}
      allowEmpty={[true, true]}
      style={{ width: '100%' }}
      placeholder={placeholders}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(range) =>
        onChange({ from: range?.[0]?.toISOString() ?? undefined, to: range?.[1]?.toISOString() ?? undefined })
      }
      data-testid={testId}
    />
  );
}
