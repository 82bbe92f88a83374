import { Button, Popconfirm, Tooltip } from 'antd';
import { DeleteOutlined, InboxOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Connector } from '@voltline/contract';
import { useSetConnectorArchived } from '../api/archive-connector';
import { useDeleteConnector } from '../api/delete-connector';
import { connectorArchiveBlock, connectorDeleteBlock } from '../archive-rules';

/**
 * Archive or restore, and delete, each behind a confirmation. What the server refuses (archiving a
 * connector that charges, deleting one with history) is disabled, with the reason as its tooltip.
 */
export function ConnectorRecordActions({ connector: c }: { connector: Connector }) {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const archive = useSetConnectorArchived();
  const remove = useDeleteConnector();
  const archiveBlock = connectorArchiveBlock(c);
  const deleteBlock = connectorDeleteBlock(c);

  return (
    <>
      {archiveBlock ? (
        <Tooltip title={t(`blocked.${archiveBlock}`)}>
          <Button
            size="small"
            type="text"
            danger
            disabled
            icon={<InboxOutlined />}
            aria-label={t('archive.archive')}
          />
        </Tooltip>
      ) : (
        <Popconfirm
          title={c.archived ? t('connectors.restoreTitle') : t('connectors.archiveTitle')}
          description={c.archived ? t('connectors.restoreConfirm') : t('connectors.archiveConfirm')}
          okText={c.archived ? t('archive.restore') : t('archive.archive')}
          cancelText={tc('actions.cancel')}
          okButtonProps={{ danger: !c.archived, loading: archive.isPending }}
          onConfirm={() => archive.mutate({ id: c.id, archived: !c.archived })}
        >
          <Button
            size="small"
            type="text"
            danger={!c.archived}
            icon={c.archived ? <UndoOutlined /> : <InboxOutlined />}
            aria-label={c.archived ? t('archive.restore') : t('archive.archive')}
          />
        </Popconfirm>
      )}
      {deleteBlock ? (
        <Tooltip title={t(`blocked.${deleteBlock}`)}>
          <Button
            size="small"
            type="text"
            danger
            disabled
            icon={<DeleteOutlined />}
            aria-label={tc('actions.delete')}
          />
        </Tooltip>
      ) : (
        <Popconfirm
          title={t('connectors.deleteTitle')}
          description={t('connectors.deleteConfirm')}
          okText={tc('actions.delete')}
          cancelText={tc('actions.cancel')}
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={() => remove.mutate(c.id)}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={tc('actions.delete')}
          />
        </Popconfirm>
      )}
    </>
  );
}
