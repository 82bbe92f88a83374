import type { ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EditOutlined, EyeOutlined, InboxOutlined, SubnodeOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Operator } from '@voltline/contract';
import { OPERATORS_PATH, operatorDetailPath, operatorEditPath } from '../paths';

/**
 * Row actions; everything but viewing needs operators:write. Archive and Restore stay visible but
 * disabled, with the reason as their tooltip, where the server would refuse them.
 */
export function OperatorRowActions({
  operator: o,
  canWrite,
  blockOf,
  onArchive,
  onUnarchive,
}: {
  operator: Operator;
  canWrite: boolean;
  blockOf: (o: Operator) => string | null;
  onArchive: (o: Operator) => void;
  onUnarchive: (o: Operator) => void;
}) {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const action = (
    title: string,
    icon: ReactNode,
    onClick: () => void,
    danger = false,
    block?: string | null,
  ) => (
    <Tooltip title={block ?? title}>
      <Button
        type="text"
        danger={danger}
        icon={icon}
        aria-label={title}
        disabled={Boolean(block)}
        onClick={onClick}
      />
    </Tooltip>
  );
  const block = canWrite ? blockOf(o) : null;

  return (
    <Space size={0}>
      {action(tc('actions.view'), <EyeOutlined />, () => void navigate(operatorDetailPath(o.id)))}
      {canWrite && !o.archived && (
        <>
          {action(tc('actions.edit'), <EditOutlined />, () => void navigate(operatorEditPath(o.id)))}
          {action(
            t('list.addSub'),
            <SubnodeOutlined />,
            () => void navigate(`${OPERATORS_PATH}/add?parentId=${o.id}`),
          )}
          {action(t('archive.action'), <InboxOutlined />, () => onArchive(o), true, block)}
        </>
      )}
      {canWrite &&
        o.archived &&
        action(t('unarchive.action'), <UndoOutlined />, () => onUnarchive(o), false, block)}
    </Space>
  );
}
