import { Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmartChargingGroup } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { sortedByTime } from '../schedule';
import { formatInUnit } from '../units';
import { ModeTag, UnitTag } from './group-tags';

/** The group's settings as a summary. */
export function SettingsCard({ group: g }: { group: SmartChargingGroup }) {
  const { t, i18n } = useTranslation('smartCharging');
  const lng = i18n.language;
  const unit = g.chargingRateUnit;
  return (
    <Card title={t('detail.settings')} style={{ marginBottom: 16 }}>
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} data-testid="sc-settings">
        <Descriptions.Item label={t('fields.operator')}>{g.operatorName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.unit')}>
          <UnitTag unit={unit} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.mode')}>
          <ModeTag mode={g.mode} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.maxPower')}>
          {formatInUnit(g.maxPower, unit, lng)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.minPerSession')}>
          {formatInUnit(g.minPerSession, unit, lng)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.limitNow')}>
          <strong>{formatInUnit(g.currentLimit, unit, lng)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.phases')}>
          {t('form.phases', { count: g.phases })}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.timeZone')}>{g.timeZone}</Descriptions.Item>
        <Descriptions.Item label={t('fields.updatedAt')}>
          {formatDateTime(g.updatedAt, lng)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.schedule')} span="filled">
          {g.schedule.length === 0 ? (
            <Typography.Text type="secondary">{t('schedule.none')}</Typography.Text>
          ) : (
            <Space wrap size={[16, 4]}>
              {sortedByTime(g.schedule).map((p) => (
                <span key={p.from}>
                  {t('schedule.summary', { from: p.from, limit: formatInUnit(p.limit, unit, lng) })}
                </span>
              ))}
            </Space>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
