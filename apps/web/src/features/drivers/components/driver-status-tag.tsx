import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { CheckCircleOutlined, PauseCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DriverStatus } from '@voltline/contract';

const STATUS_STYLE: Record<DriverStatus, { color: string; icon: ReactNode }> = {
  active: { color: 'success', icon: <CheckCircleOutlined /> },
  suspended: { color: 'warning', icon: <PauseCircleOutlined /> },
  blocked: { color: 'error', icon: <StopOutlined /> },
};

export function DriverStatusTag({ status }: { status: DriverStatus }) {
  const { t } = useTranslation('drivers');
  const style = STATUS_STYLE[status];
  return (
    <Tag color={style.color} icon={style.icon} data-testid="driver-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
