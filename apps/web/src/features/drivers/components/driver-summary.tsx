import { Button, Card, Col, Descriptions, Flex, Row, Statistic, Typography } from 'antd';
import { SwapOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DriverDetail } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { formatMoney } from '../../../lib/billing-format';
import { DriverAvatar } from './driver-avatar';
import { DriverStatusTag } from './driver-status-tag';

/** Who the driver is, their status and their balance, with the two actions staff take most. */
export function DriverSummary({
  driver: d,
  canWrite,
  onAdjustBalance,
  onChangeStatus,
}: {
  driver: DriverDetail;
  canWrite: boolean;
  onAdjustBalance: () => void;
  onChangeStatus: () => void;
}) {
  const { t, i18n } = useTranslation('drivers');
  const activeCards = d.rfidCards.filter((c) => !c.archived).length;

  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} xl={16}>
        <Card style={{ height: '100%' }}>
          <Flex gap={20} align="center" wrap style={{ marginBottom: 24 }}>
            <DriverAvatar name={d.name} surname={d.surname} size={64} />
            <div style={{ flex: 1, minWidth: 200 }}>
              <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
                {d.name} {d.surname} <DriverStatusTag status={d.status} />
              </Typography.Title>
              <Typography.Text type="secondary">{d.email ?? t('detail.noEmail')}</Typography.Text>
            </div>
            {canWrite && (
              <Button icon={<SwapOutlined />} onClick={onChangeStatus} data-testid="change-status">
                {t('statusChange.open')}
              </Button>
            )}
          </Flex>
          <Descriptions column={{ xs: 1, md: 2 }} data-testid="driver-details">
            <Descriptions.Item label={t('fields.operator')}>{d.operatorName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.phone')}>{d.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.cards')}>{activeCards}</Descriptions.Item>
            <Descriptions.Item label={t('fields.vehicles')}>{d.vehicles.length}</Descriptions.Item>
            <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(d.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.updatedAt')}>{formatDateTime(d.updatedAt)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card style={{ height: '100%' }}>
          <Statistic
            title={
              <>
                <WalletOutlined /> {t('balance.title')}
              </>
            }
            value={formatMoney(d.balance, d.currency, i18n.language)}
            valueStyle={{ fontSize: 32, fontWeight: 600, color: d.balance < 0 ? '#cf1322' : undefined }}
            data-testid="driver-balance"
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('balance.hint')}
          </Typography.Paragraph>
          {canWrite && (
            <Button type="primary" onClick={onAdjustBalance} data-testid="adjust-balance">
              {t('balance.adjust')}
            </Button>
          )}
        </Card>
      </Col>
    </Row>
  );
}
