import { DeleteOutlined, InboxOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../components/confirm-action';
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
      <ConfirmAction
        size="small"
        blocked={archiveBlock ? t(`blocked.${archiveBlock}`) : null}
        icon={c.archived ? <UndoOutlined /> : <InboxOutlined />}
        label={c.archived ? t('archive.restore') : t('archive.archive')}
        title={c.archived ? t('connectors.restoreTitle') : t('connectors.archiveTitle')}
        description={c.archived ? t('connectors.restoreConfirm') : t('connectors.archiveConfirm')}
        okText={c.archived ? t('archive.restore') : t('archive.archive')}
        danger={!c.archived}
        loading={archive.isPending}
        onConfirm={() => archive.mutate({ id: c.id, archived: !c.archived })}
      />
      <ConfirmAction
        size="small"
        blocked={deleteBlock ? t(`blocked.${deleteBlock}`) : null}
        icon={<DeleteOutlined />}
        label={tc('actions.delete')}
        title={t('connectors.deleteTitle')}
        description={t('connectors.deleteConfirm')}
        okText={tc('actions.delete')}
        loading={remove.isPending}
        onConfirm={() => remove.mutate(c.id)}
      />
    </>
  );
}
