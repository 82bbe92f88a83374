import { Card, Descriptions, Flex, Tag, Tooltip, Typography } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SessionRoaming } from '@voltline/contract';
import { OneLine } from '../../../components/list-table/one-line';

/**
 * A roaming partner's driver (OCPI, issue #31) has no driver or card of Voltline's: the list names
 * the partner and the contract instead, so the row says who will be billed.
 */
export function RoamingCell({ roaming }: { roaming: SessionRoaming }) {
  const { t } = useTranslation('sessions');
  return (
    <Tooltip title={t('roaming.hint', { partner: roaming.partnerName, contractId: roaming.contractId })}>
      <Flex gap={6} align="center" style={{ minWidth: 0 }} data-testid="session-roaming">
        <RoamingTag />
        <Flex vertical style={{ minWidth: 0 }}>
          <OneLine>{roaming.partnerName}</OneLine>
          <OneLine type="secondary" code>
            {roaming.contractId}
          </OneLine>
        </Flex>
      </Flex>
    </Tooltip>
  );
}

function RoamingTag() {
  const { t } = useTranslation('sessions');
  return (
    <Tag color="geekblue" icon={<GlobalOutlined />} style={{ flex: 'none', marginInlineEnd: 0 }}>
      {t('roaming.tag')}
    </Tag>
  );
}

/** In the driver's place on the session page: the partner whose driver charged. */
export function RoamingDriver({ roaming }: { roaming: SessionRoaming }) {
  return (
    <Flex gap={6} align="center" wrap>
      <RoamingTag />
      {roaming.partnerName}
    </Flex>
  );
}

/** The session page's roaming section: whose driver charged, on which token and authorization. */
export function RoamingSection({ roaming }: { roaming: SessionRoaming }) {
  const { t } = useTranslation('sessions');
  return (
    <Card size="small" title={t('roaming.title')} data-testid="session-roaming-details">
      <Descriptions column={{ xs: 1, sm: 2 }} size="small">
        <Descriptions.Item label={t('roaming.partner')}>{roaming.partnerName}</Descriptions.Item>
        <Descriptions.Item label={t('roaming.party')}>
          <bdi>{roaming.partyId}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('roaming.tokenUid')}>
          <Typography.Text code copyable>
            {roaming.tokenUid}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('roaming.contractId')}>
          <Typography.Text code copyable>
            {roaming.contractId}
          </Typography.Text>
        </Descriptions.Item>
        {roaming.authorizationReference && (
          <Descriptions.Item label={t('roaming.authorizationReference')} span="filled">
            <Typography.Text code>{roaming.authorizationReference}</Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
