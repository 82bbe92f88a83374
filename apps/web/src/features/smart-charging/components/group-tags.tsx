import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AllocationState, ChargingRateUnit, SmartChargingMode } from '@voltline/contract';
import { shownUnit } from '../units';

export function ModeTag({ mode }: { mode: SmartChargingMode }) {
  const { t } = useTranslation('smartCharging');
  return <Tag color={mode === 'equal' ? 'blue' : 'purple'}>{t(`modes.${mode}`)}</Tag>;
}

export function UnitTag({ unit }: { unit: ChargingRateUnit }) {
  return <Tag>{shownUnit(unit)}</Tag>;
}

const STATE_COLORS: Record<AllocationState, string> = {
  Accepted: 'success',
  Rejected: 'error',
  NotSupported: 'warning',
  pending: 'processing',
  offline: 'default',
  failed: 'error',
};

/** The charger's answer to its last limit, in words, with what came back as the tooltip. */
export function AllocationStateTag({
  state,
  detail,
}: {
  state: AllocationState | null;
  detail: string | null;
}) {
  const { t } = useTranslation('smartCharging');
  const tag = (
    <Tag
      color={state ? STATE_COLORS[state] : 'default'}
      data-state={state ?? 'none'}
      data-testid="alloc-state"
    >
      {t(`states.${state ?? 'none'}`)}
    </Tag>
  );
  return detail ? <Tooltip title={detail}>{tag}</Tooltip> : tag;
}
