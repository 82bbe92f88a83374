import { Button, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../hooks/use-permission';
import { useRetention, useUpdateRetention } from '../api/retention';

/** How long files are kept: installation-wide, so only Admin (installation:write) changes it; others read it. */
export function RetentionSetting() {
  const { t } = useTranslation('diagnostics');
  const canWrite = useCan('installation:write');
  const retention = useRetention();
  const update = useUpdateRetention();
  const [days, setDays] = useState<number | null>(null);
  const current = retention.data?.retentionDays;
  useEffect(() => setDays(current ?? null), [current]);

  if (current === undefined) return null;
  if (!canWrite) {
    return (
      <Typography.Text type="secondary" data-testid="diagnostics-retention">
        {t('retention.readOnly', { count: current })}
      </Typography.Text>
    );
  }
  return (
    <Space data-testid="diagnostics-retention">
      <Typography.Text>{t('retention.label')}</Typography.Text>
      <InputNumber<number>
        min={1}
        max={3650}
        precision={0}
        value={days}
        onChange={(v) => setDays(v)}
        aria-label={t('retention.label')}
        suffix={t('retention.days')}
        style={{ width: 130 }}
        data-testid="diagnostics-retention-days"
      />
      <Button
        disabled={days === null || days === current}
        loading={update.isPending}
        onClick={() => days !== null && update.mutate({ retentionDays: days })}
      >
        {t('retention.save')}
      </Button>
    </Space>
  );
}
