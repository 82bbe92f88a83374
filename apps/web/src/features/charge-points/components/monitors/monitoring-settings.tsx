import { useState } from 'react';
import { Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MONITORING_BASES, type MonitoringBase, type MonitorList } from '@voltline/contract';
import { useSetMonitoring } from '../../api/monitor-commands';
import { SEVERITY_LEVELS } from '../../event-words';
import { MonitorAnswerAlert } from './monitor-answer';

/** N03 the monitoring base and N05 the gravest-to-least severity the charger still reports. */
export function MonitoringSettings({
  id,
  list,
  disabled,
}: {
  id: number;
  list: MonitorList;
  disabled: boolean;
}) {
  const { t } = useTranslation('chargePoints');
  const apply = useSetMonitoring(id);
  const [base, setBase] = useState<MonitoringBase | undefined>(list.base ?? undefined);
  const [level, setLevel] = useState<number | undefined>(list.level ?? undefined);
  const [status, setStatus] = useState<string | null>(null);

  const submit = async () => {
    try {
      const answer = await apply.mutateAsync({
        ...(base !== undefined && base !== list.base ? { base } : {}),
        ...(level !== undefined && level !== list.level ? { level } : {}),
      });
      const refused = [answer.base, answer.level].find((a) => a && a.status !== 'Accepted');
      setStatus(refused?.status ?? 'Accepted');
    } catch {
      // Said by the API client.
    }
  };

  const changed = (base !== undefined && base !== list.base) || (level !== undefined && level !== list.level);
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('monitors.settings')}</Typography.Text>
      <Flex gap={8} wrap align="center">
        <Select<MonitoringBase>
          style={{ width: 320 }}
          placeholder={t('monitors.base')}
          aria-label={t('monitors.base')}
          value={base}
          onChange={setBase}
          options={MONITORING_BASES.map((b) => ({ value: b, label: t(`monitors.bases.${b}`) }))}
          data-testid="monitoring-base"
        />
        <Select<number>
          style={{ width: 280 }}
          placeholder={t('monitors.level')}
          aria-label={t('monitors.level')}
          value={level}
          onChange={setLevel}
          options={SEVERITY_LEVELS.map((l) => ({
            value: l,
            label: t('events.atOrGraver', { level: l, name: t(`events.severities.${l}`) }),
          }))}
          data-testid="monitoring-level"
        />
        <Button onClick={() => void submit()} disabled={disabled || !changed} loading={apply.isPending}>
          {t('monitors.apply')}
        </Button>
      </Flex>
      <MonitorAnswerAlert status={status} />
    </Flex>
  );
}
