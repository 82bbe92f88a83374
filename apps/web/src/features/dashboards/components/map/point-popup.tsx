import { Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { MapPoint } from '@voltline/contract';
import { useTranslation } from 'react-i18next';
import { formatKw } from '../../../../lib/billing-format';
import { connectorColor, STATE_COLORS } from '../../lib/colors';
import { chargePointPath } from '../../paths';

/** Name, address, state and connectors of a charge point, with a link to its detail page. */
export function PointPopup({ point }: { point: MapPoint }) {
  const { t } = useTranslation('dashboards');
  const address = [point.address, point.city].filter(Boolean).join(', ');
  return (
    <Flex vertical gap={6} style={{ minWidth: 220 }} data-testid="map-popup">
      <div>
        <Typography.Text strong style={{ color: 'inherit' }}>
          {point.name}
        </Typography.Text>
        <br />
        <Typography.Text type="secondary">{point.chargePointId}</Typography.Text>
      </div>
      {address && <span>{address}</span>}
      <span>
        {t('map.operator')}: {point.operatorName}
      </span>
      <div>
        <Tag color={STATE_COLORS[point.state]}>{t(`state.${point.state}`)}</Tag>
      </div>
      <Typography.Text strong style={{ color: 'inherit' }}>
        {t('map.connectors')}
      </Typography.Text>
      {point.connectors.length === 0 && <span>{t('map.noConnectors')}</span>}
      {point.connectors.map((c) => (
        <Flex key={c.connectorId} gap={6} align="center" wrap>
          <span>#{c.connectorId}</span>
          <Tag color={connectorColor(c.status)} style={{ marginInlineEnd: 0 }}>
            {t(`connectorStatus.${c.status}`, { defaultValue: c.status })}
          </Tag>
          {c.connectorType && <span>{c.connectorType}</span>}
          {c.maximumPower != null && <span>{formatKw(c.maximumPower)}</span>}
        </Flex>
      ))}
      <Link to={chargePointPath(point.chargePointId)} data-testid="map-popup-link">
        {t('map.openDetail')}
      </Link>
    </Flex>
  );
}
