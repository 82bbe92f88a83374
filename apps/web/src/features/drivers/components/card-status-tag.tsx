import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RfidCard } from '@voltline/contract';

/** Archived and expired outrank the stored status: either way no charger accepts the card. */
export function CardStatusTag({ card }: { card: RfidCard }) {
  const { t } = useTranslation('drivers');
  if (card.archived) return <Tag>{t('card.statuses.archived')}</Tag>;
  if (card.expired) return <Tag color="orange">{t('card.statuses.expired')}</Tag>;
  return card.status === 'active' ? (
    <Tag color="success">{t('card.statuses.active')}</Tag>
  ) : (
    <Tag color="error">{t('card.statuses.blocked')}</Tag>
  );
}
