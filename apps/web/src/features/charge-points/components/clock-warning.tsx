import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChargePoint } from '@voltline/contract';
import { formatDate } from '../../../lib/format';
import { clockOffsetParts } from '../clock-offset';

/**
 * A charger whose clock was last seen more than a few minutes off Voltline's: by how much, and
 * when. Its sessions are judged by the times Voltline received them where its own are impossible.
 */
export function ClockWarning({ cp }: { cp: Pick<ChargePoint, 'clockOffsetMs' | 'clockOffsetAt'> }) {
  const { t, i18n } = useTranslation('chargePoints');
  if (cp.clockOffsetMs === null) return null;
  const { parts, direction } = clockOffsetParts(cp.clockOffsetMs);
  const offset = parts.map((p) => t(`clock.units.${p.unit}`, { count: p.count })).join(' ');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="cp-clock-warning"
      style={{ marginBottom: 16 }}
      title={t(`clock.off.${direction}`, { offset })}
      description={t('clock.detail', {
        when: cp.clockOffsetAt ? formatDate(cp.clockOffsetAt, 'dateTimeSeconds', i18n.language) : '—',
      })}
    />
  );
}
