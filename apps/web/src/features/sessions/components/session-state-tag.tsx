import { Tag } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Session } from '@voltline/contract';

const LOOK: Record<Session['state'], { color: string; icon: React.ReactNode }> = {
  active: { color: 'processing', icon: <SyncOutlined spin /> },
  completed: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
};

export function SessionStateTag({ state }: { state: Session['state'] }) {
  const { t } = useTranslation('sessions');
  return (
    <Tag color={LOOK[state].color} icon={LOOK[state].icon}>
      {t(`states.${state}`)}
    </Tag>
  );
}
