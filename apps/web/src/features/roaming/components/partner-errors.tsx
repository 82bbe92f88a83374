import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoamingPartner } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';

/** The failed exchanges the server kept for the partner, the latest first, in red. */
export function PartnerErrors({ partner }: { partner: RoamingPartner }) {
  const { t, i18n } = useTranslation('roaming');
  if (partner.lastErrors.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noErrors')} />;
  return (
    <Card size="small" data-testid="roaming-errors">
      <Flex vertical gap={8} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {partner.lastErrors.map((e, i) => (
          <Flex key={`${e.at}-${i}`} component="li" gap={12} align="baseline">
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(e.at, i18n.language)}
            </Typography.Text>
            <Typography.Text type="danger">{e.message}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
