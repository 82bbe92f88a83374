import { useState } from 'react';
import { Button, Modal, Tooltip } from 'antd';
import { EditOutlined, InboxOutlined, KeyOutlined, UndoOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChargePoint, ChargePointCredentials } from '@voltline/contract';
import { useCan } from '../../../hooks/use-permission';
import { useArchiveChargePoint } from '../api/archive-charge-point';
import { useUnarchiveChargePoint } from '../api/unarchive-charge-point';
import { archiveBlock } from '../archive-rules';
import { editPath } from '../paths';
import { CommandMenu } from './commands/command-menu';
import { CredentialsCard } from './credentials-card';
import { PasswordResetModal } from './password-reset-modal';
import { QrStickersButton } from './qr-stickers-button';

/** Header actions of the detail page: commands, QR stickers, edit, new password, archive or restore. */
export function DetailActions({ cp }: { cp: ChargePoint }) {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const [modal, holder] = Modal.useModal();
  const canRead = useCan('chargePoints:read');
  const canWrite = useCan('chargePoints:write');
  const canCommand = useCan('commands:write');
  const archive = useArchiveChargePoint();
  const unarchive = useUnarchiveChargePoint();
  const [credentials, setCredentials] = useState<ChargePointCredentials | null>(null);
  const [settingPassword, setSettingPassword] = useState(false);
  const block = archiveBlock(cp);

  const confirmArchive = () =>
    void modal.confirm({
      title: cp.archived ? t('archive.restoreTitle') : t('archive.title'),
      content: cp.archived ? t('archive.restoreConfirm') : t('archive.confirm'),
      okText: cp.archived ? t('archive.restore') : t('archive.archive'),
      okButtonProps: { danger: !cp.archived },
      cancelText: tc('actions.cancel'),
      onOk: () => (cp.archived ? unarchive.mutateAsync(cp.chargePointId) : archive.mutateAsync(cp.id)),
    });

  return (
    <>
      {holder}
      {canCommand && !cp.archived && <CommandMenu cp={cp} />}
      {canRead && !cp.archived && <QrStickersButton cp={cp} />}
      {canWrite && !cp.archived && (
        <>
          <Button icon={<EditOutlined />} onClick={() => void navigate(editPath(cp.id))}>
            {tc('actions.edit')}
          </Button>
          <Button
            icon={<KeyOutlined />}
            onClick={() => setSettingPassword(true)}
            data-testid="cp-new-password"
          >
            {t('credentials.reset')}
          </Button>
        </>
      )}
      {canWrite && (
        <Tooltip title={block && t(`blocked.${block}`)}>
          <Button
            danger={!cp.archived}
            icon={cp.archived ? <UndoOutlined /> : <InboxOutlined />}
            onClick={confirmArchive}
            disabled={block !== null}
            data-testid="cp-archive"
          >
            {cp.archived ? t('archive.restore') : t('archive.archive')}
          </Button>
        </Tooltip>
      )}
      {canWrite && (
        <PasswordResetModal
          cp={cp}
          open={settingPassword}
          onClose={() => setSettingPassword(false)}
          onDone={setCredentials}
        />
      )}
      <Modal open={credentials !== null} footer={null} closable={false} width={720} destroyOnHidden>
        {credentials && (
          <CredentialsCard
            credentials={credentials}
            doneLabel={t('credentials.done')}
            onDone={() => setCredentials(null)}
          />
        )}
      </Modal>
    </>
  );
}
