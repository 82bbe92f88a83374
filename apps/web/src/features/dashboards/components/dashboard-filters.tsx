import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../lib/format';
import { useOperatorLookup } from '../api/get-operator-lookup';
import { dayOf, presetRange, RANGE_PRESETS, type DayRange, type RangePreset } from '../lib/range';

export function OperatorFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (operatorId: number | undefined) => void;
}) {
  const { t } = useTranslation('dashboards');
  const operators = useOperatorLookup();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 220 }}
      placeholder={t('filters.allOperators')}
      aria-label={t('filters.operator')}
      loading={operators.isPending}
      value={value}
      onChange={(id?: number) => onChange(id)}
      options={operators.data?.filter((o) => !o.archived).map((o) => ({ value: o.id, label: o.name }))}
      data-testid="dashboard-operator"
    />
  );
}

const toDayjs = (range: DayRange): [Dayjs, Dayjs] => [dayjs(range.from), dayjs(range.to)];

export function RangeFilter({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const { t, i18n } = useTranslation('dashboards');
  const presets = (Object.keys(RANGE_PRESETS) as RangePreset[]).map((preset) => ({
    label: t(`presets.${preset}`),
    value: toDayjs(presetRange(preset)),
  }));
  return (
    <DatePicker.RangePicker
      allowClear={false}
      format={dateFormat('date', i18n.language)}
      aria-label={t('filters.range')}
      value={toDayjs(value)}
      presets={presets}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        if (from && to) onChange({ from: dayOf(from), to: dayOf(to) });
      }}
      data-testid="dashboard-range"
    />
  );
}
