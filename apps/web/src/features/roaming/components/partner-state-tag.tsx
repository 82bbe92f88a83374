import { Space, Tag, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoamingPartner } from '@voltline/contract';
import { failingNow, STATE_COLORS } from '../partner-words';

/** The partner's state in words, with a warning when its latest exchange failed. */
export function PartnerStateTag({ partner }: { partner: RoamingPartner }) {
  const { t } = useTranslation('roaming');
  const failing = failingNow(partner);
  return (
    <Space size={4}>
      <Tag color={STATE_COLORS[partner.state]} data-testid={`roaming-state-${partner.id}`}>
        {t(`state.${partner.state}`)}
      </Tag>
      {failing && (
        <Tooltip title={partner.lastErrors[0]?.message}>
          <Tag color="warning" icon={<WarningOutlined />} data-testid={`roaming-failing-${partner.id}`}>
            {t('state.failing')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}
