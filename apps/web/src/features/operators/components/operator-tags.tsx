import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Operator } from '@voltline/contract';

/** What sets an operator apart at a glance: prepaid charging, auto-registration, archived. */
export function OperatorTags({ operator: o }: { operator: Operator }) {
  const { t } = useTranslation('operators');
  return (
    <>
      {o.archived && <Tag>{t('tags.archived')}</Tag>}
      {o.prepaid ? <Tag color="gold">{t('tags.prepaid')}</Tag> : <Tag color="blue">{t('tags.postpaid')}</Tag>}
      {o.role && <Tag color="purple">{o.role}</Tag>}
    </>
  );
}
