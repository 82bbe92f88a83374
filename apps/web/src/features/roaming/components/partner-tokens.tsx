import { Button, Descriptions, Typography } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoamingPartner } from '@voltline/contract';
import { notices } from '../../../lib/notices';
import { useFetchTokens } from '../api/partner-tokens';
import { FormRefusal } from './form-refusal';
import { LastExchange } from './last-exchange';

/**
 * The partner's tokens Voltline holds: how many, when the last came, when they were last read; a
 * user who may change roaming reads them now (a registered partner only: it needs its token).
 */
export function PartnerTokens({ partner: p, canWrite }: { partner: RoamingPartner; canWrite: boolean }) {
  const { t } = useTranslation('roaming');
  const fetch = useFetchTokens();
  return (
    <section data-testid="roaming-tokens" style={{ marginBottom: 24 }}>
      <Typography.Title level={5}>{t('tokens.title')}</Typography.Title>
      <FormRefusal error={fetch.error} />
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('tokens.count')}>
          <span data-testid="roaming-tokens-count">{p.tokens.count}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('tokens.lastReceived')}>
          <LastExchange at={p.tokens.lastReceivedAt} />
        </Descriptions.Item>
        <Descriptions.Item label={t('tokens.pulledAt')}>
          <LastExchange at={p.tokens.pulledAt} />
        </Descriptions.Item>
      </Descriptions>
      {canWrite && p.state === 'registered' && (
        <Button
          icon={<CloudDownloadOutlined />}
          loading={fetch.isPending}
          onClick={() =>
            fetch.mutate(p.id, {
              onSuccess: ({ message }) => notices.success(message ?? t('tokens.fetched')),
            })
          }
          data-testid="roaming-fetch-tokens"
        >
          {t('tokens.fetch')}
        </Button>
      )}
    </section>
  );
}
