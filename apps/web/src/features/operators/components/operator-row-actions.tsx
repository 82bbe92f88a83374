import type { ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EditOutlined, EyeOutlined, InboxOutlined, SubnodeOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Operator } from '@voltline/contract';
import { OPERATORS_PATH, operatorDetailPath, operatorEditPath } from '../paths';

/** Row actions; everything but viewing needs operators:write. */
export function OperatorRowActions({
  operator: o,
  canWrite,
  onArchive,
  onUnarchive,
}: {
  operator: Operator;
  canWrite: boolean;
  onArchive: (o: Operator) => void;
  onUnarchive: (o: Operator) => void;
}) {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const action = (title: string, icon: ReactNode, onClick: () => void, danger = false) => (
    <Tooltip title={title}>
      <Button type="text" danger={danger} icon={icon} aria-label={title} onClick={onClick} />
    </Tooltip>
  );

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
          {action(t('archive.action'), <InboxOutlined />, () => onArchive(o), true)}
        </>
      )}
      {canWrite && o.archived && action(t('unarchive.action'), <UndoOutlined />, () => onUnarchive(o))}
    </Space>
  );
}
