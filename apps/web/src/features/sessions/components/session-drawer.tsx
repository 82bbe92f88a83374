import { lazy, Suspense } from 'react';
import { Alert, Card, Descriptions, Drawer, Flex, Skeleton, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Session } from '@voltline/contract';
import {
  formatDuration,
  formatKw,
  formatKwh,
  formatMoney,
  formatPricePerKwh,
} from '../../../lib/billing-format';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useMeterValues } from '../api/get-meter-values';
import { useSession } from '../api/get-session';
import { isHeld } from '../review-rules';
import { costNote, isOpen } from '../session-rules';
import { ReviewNotice } from './review-notice';
import { SessionActions } from './session-actions';
import { ReceiptButton } from '../../../components/receipts/receipt-button';
import { AdhocPaidTag, SessionStateTag, UnauthorizedTag, useAuthorizationText } from './session-state-tag';
import { RoamingDriver, RoamingSection } from './session-roaming';

// ECharts is large; it loads when a session is opened, not with the report.
const MeterChart = lazy(() => import('./meter-chart'));

/** One session: what was charged, by what tariff, its meter readings and, while running, stop/unlock. */
export function SessionDrawer({
  sessionId,
  onClose,
}: {
  sessionId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('sessions');
  const session = useSession(sessionId);
  const s = session.data;

  return (
    <Drawer
      open={sessionId !== undefined}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={
        <Flex gap={8} align="center">
          {t('drawer.title', { id: sessionId ?? '' })}
          {s && <SessionStateTag state={s.state} />}
          {s?.unauthorized && <UnauthorizedTag />}
        </Flex>
      }
      data-testid="session-drawer"
    >
      {s ? <SessionBody session={s} /> : <Skeleton active paragraph={{ rows: 8 }} />}
    </Drawer>
  );
}

function SessionBody({ session: s }: { session: Session }) {
  const { t, i18n } = useTranslation('sessions');
  const { t: tt } = useTranslation('tariffs');
  const lng = i18n.language;
  const live = isOpen(s);
  const reason = useAuthorizationText();
  const meter = useMeterValues(s.id, live);
  const money = (minor: number, currency: string) => <bdi>{formatMoney(minor, currency, lng)}</bdi>;

  return (
    <Flex vertical gap={16}>
      {s.state === 'refused' && (
        <Alert
          type="warning"
          showIcon
          title={t('refused.notice', { reason: reason(s.authorization) })}
          description={s.unauthorized ? t('refused.unauthorizedHint') : undefined}
          data-testid="session-refused-notice"
        />
      )}
      {isHeld(s) && <ReviewNotice session={s} />}
      <SessionActions session={s} />
      <ReceiptButton session={s} />
      <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered data-testid="session-details">
        <Descriptions.Item label={t('fields.chargePoint')}>
          {s.chargePointName || s.chargePointId}
          <Typography.Text type="secondary">
            {' · '}
            {t('fields.connectorOf', { chargePointId: s.chargePointId, connectorId: s.connectorId })}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.operator')}>{s.operatorName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.driver')}>
          {s.adhoc ? (
            <AdhocPaidTag />
          ) : (
            (s.driverName ?? (s.roaming ? <RoamingDriver roaming={s.roaming} /> : t('fields.unknownDriver')))
          )}
        </Descriptions.Item>
        {s.adhoc ? (
          // The payment's token, not a card number: shown for looking the payment up, quietly.
          <Descriptions.Item label={t('adhoc.token')}>
            <Typography.Text type="secondary" copyable style={{ fontFamily: 'monospace' }}>
              {s.idTag}
            </Typography.Text>
          </Descriptions.Item>
        ) : (
          <Descriptions.Item label={t('fields.idTag')}>
            <Typography.Text code>{s.idTag}</Typography.Text>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('fields.startedAt')}>{formatDateTime(s.startedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.stoppedAt')}>
          {s.stoppedAt ? formatDateTime(s.stoppedAt) : '—'}
        </Descriptions.Item>
        {s.chargingEndedAt && (
          <Descriptions.Item label={t('fields.chargingEndedAt')}>
            <Tooltip title={t('fields.chargingEndedHint')}>
              <span data-testid="session-drawer-charging-ended">{formatDateTime(s.chargingEndedAt)}</span>
            </Tooltip>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('fields.duration')}>
          {formatDuration(s.durationSeconds)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.energy')}>
          <bdi data-testid="session-drawer-energy">{formatKwh(s.energyWh, lng)}</bdi>
        </Descriptions.Item>
        {live && (
          <Descriptions.Item label={t('fields.power')}>
            {s.powerW === null ? '—' : formatKw(s.powerW, lng)}
          </Descriptions.Item>
        )}
        {live && (
          <Descriptions.Item label={t('fields.soc')}>
            {s.soc === null ? '—' : `${formatNumber(s.soc, lng)} %`}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('fields.cost')}>
          {s.cost !== null && s.currency ? (
            <Typography.Text strong data-testid="session-drawer-cost">
              {money(s.cost, s.currency)}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t(costNote(s))}</Typography.Text>
          )}
        </Descriptions.Item>
        {s.stopReason && (
          <Descriptions.Item label={t('fields.stopReason')}>
            {t(`stopReasons.${s.stopReason}`, { defaultValue: s.stopReason })}
          </Descriptions.Item>
        )}
        {s.authorization !== 'Accepted' && (
          <Descriptions.Item label={t('fields.authorization')}>
            <span data-testid="session-drawer-authorization">{reason(s.authorization)}</span>
          </Descriptions.Item>
        )}
        {s.closeNote && (
          <Descriptions.Item label={t('fields.closeNote')} span="filled">
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }} data-testid="session-drawer-close-note">
              {s.closeNote}
            </Typography.Text>
          </Descriptions.Item>
        )}
        {s.reviewNote && (
          <Descriptions.Item label={t('fields.reviewNote')} span="filled">
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }} data-testid="session-drawer-review-note">
              {s.reviewNote}
            </Typography.Text>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('fields.meter')}>
          <bdi>
            {formatKwh(s.meterStart, lng)} → {s.meterStop === null ? '…' : formatKwh(s.meterStop, lng)}
          </bdi>
        </Descriptions.Item>
      </Descriptions>
      {s.roaming && <RoamingSection roaming={s.roaming} />}
      {s.tariff && (
        <Card size="small" title={t('drawer.tariff', { name: s.tariff.name })}>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small">
            <Descriptions.Item label={tt('fields.paymentType')}>
              {tt(`paymentTypes.${s.tariff.paymentType}`)}
            </Descriptions.Item>
            <Descriptions.Item label={tt('fields.pricePerKwh')}>
              <bdi>{formatPricePerKwh(s.tariff.pricePerKwh, s.tariff.currency, lng)}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={tt('fields.fixedPrice')}>
              {money(s.tariff.fixedPrice, s.tariff.currency)}
            </Descriptions.Item>
            {s.tariff.limitKwh !== null && s.tariff.overLimitPricePerKwh !== null && (
              <Descriptions.Item label={tt('fields.limit')}>
                <bdi>
                  {tt('detail.limitSummary', {
                    limit: formatKwh(s.tariff.limitKwh * 1000, lng),
                    price: formatPricePerKwh(s.tariff.overLimitPricePerKwh, s.tariff.currency, lng),
                  })}
                </bdi>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('drawer.tariffNote')}
          </Typography.Text>
        </Card>
      )}
      <Card
        size="small"
        title={t('chart.title')}
        extra={live ? <Typography.Text type="secondary">{t('chart.live')}</Typography.Text> : null}
      >
        {meter.data ? (
          <Suspense fallback={<Skeleton active />}>
            <MeterChart points={meter.data} meterStartWh={s.meterStart} />
          </Suspense>
        ) : (
          <Skeleton active />
        )}
      </Card>
    </Flex>
  );
}
