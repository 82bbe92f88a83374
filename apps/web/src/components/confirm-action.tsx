import type { ReactNode } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * An icon button whose action asks for confirmation first. When the server would refuse it,
 * `blocked` says why: the button is disabled and the reason is its tooltip, never a late error.
 */
export function ConfirmAction({
  icon,
  label,
  blocked,
  title,
  description,
  okText,
  danger = true,
  loading = false,
  size,
  onConfirm,
  testId,
}: {
  icon: ReactNode;
  label: string;
  blocked?: string | null;
  title: string;
  description: string;
  okText: string;
  danger?: boolean;
  loading?: boolean;
  size?: 'small' | 'middle';
  onConfirm: () => void;
  testId?: string;
}) {
  const { t: tc } = useTranslation('common');
  const button = (
    <Button
      size={size}
      type="text"
      danger={danger}
      disabled={Boolean(blocked)}
      icon={icon}
      aria-label={label}
      data-testid={testId}
    />
  );
  if (blocked) return <Tooltip title={blocked}>{button}</Tooltip>;
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      cancelText={tc('actions.cancel')}
      okButtonProps={{ danger, loading }}
      onConfirm={onConfirm}
    >
      {button}
    </Popconfirm>
  );
}
