import { useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@voltline/contract';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../hooks/use-permission';
import { useEndpoints } from '../api/get-endpoints';
import { useCreateEndpoint, useUpdateEndpoint } from '../api/save-endpoint';
import { DeliveryLog } from '../components/delivery-log';
import { EndpointModal, type EndpointValues } from '../components/endpoint-modal';
import { EndpointTable } from '../components/endpoint-table';
import { SecretModal } from '../components/secret-modal';

/** Integrations › Webhooks: the operator's endpoints, their secrets (shown once) and the delivery log. */
export default function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const canWrite = useCan('integrations:write');
  const endpoints = useEndpoints();
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const [editing, setEditing] = useState<WebhookEndpoint | null | 'new'>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const save = (v: EndpointValues) => {
    const description = v.description?.trim() ? v.description.trim() : null;
    if (editing === 'new') {
      create.mutate(
        { url: v.url.trim(), description, eventTypes: v.eventTypes },
        {
          onSuccess: (created) => {
            setEditing(null);
            setSecret(created.secret);
          },
        },
      );
    } else if (editing) {
      update.mutate(
        { id: editing.id, url: v.url.trim(), description, eventTypes: v.eventTypes, enabled: v.enabled },
        { onSuccess: () => setEditing(null) },
      );
    }
  };

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing('new')}
              data-testid="webhook-add"
            >
              {t('list.add')}
            </Button>
          )
        }
      />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('list.title')}>
        <EndpointTable
          endpoints={endpoints.data ?? []}
          loading={endpoints.isLoading}
          onEdit={(e) => setEditing(e)}
          onSecret={setSecret}
        />
      </Card>
      <DeliveryLog endpoints={endpoints.data ?? []} />
      <EndpointModal
        open={editing !== null}
        endpoint={editing === 'new' ? null : editing}
        saving={create.isPending || update.isPending}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
