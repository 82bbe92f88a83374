import { useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiKey, ApiKeyWithSecret } from '@voltline/contract';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../hooks/use-permission';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeyTable } from '../components/api-key-table';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog';
import { RotateDialog } from '../components/rotate-dialog';
import { SecretDialog } from '../components/secret-dialog';

/** Integrations › API keys: the keys of the user's operators, made, rotated and revoked here. */
export default function ApiKeysPage() {
  const { t } = useTranslation('apiKeys');
  const { t: tc } = useTranslation('common');
  const canWrite = useCan('integrations:write');
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [secret, setSecret] = useState<ApiKeyWithSecret | null>(null);

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('list.add')}
            </Button>
          )
        }
      />
      <Card styles={{ body: { padding: 0 } }} aria-label={tc('menu.apiKeys')}>
        <ApiKeyTable keys={keys.data} loading={keys.isFetching} canWrite={canWrite} onRotate={setRotating} />
      </Card>
      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setSecret(created);
        }}
      />
      <RotateDialog
        apiKey={rotating}
        onClose={() => setRotating(null)}
        onRotated={(rotated) => {
          setRotating(null);
          setSecret(rotated);
        }}
      />
      <SecretDialog created={secret} onClose={() => setSecret(null)} />
    </>
  );
}
