import { Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, type EventType, type WebhookEndpoint } from '@voltline/contract';

export interface EndpointValues {
  url: string;
  description?: string;
  eventTypes: EventType[];
  enabled: boolean;
}

/** Creates an endpoint (`endpoint` null) or edits one: its URL, description, events and on/off. */
export function EndpointModal({
  endpoint,
  open,
  saving,
  onClose,
  onSave,
}: {
  endpoint: WebhookEndpoint | null;
  open: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (values: EndpointValues) => void;
}) {
  const { t } = useTranslation('webhooks');
  const [form] = Form.useForm<EndpointValues>();
  return (
    <Modal
      open={open}
      title={endpoint ? t('form.editTitle') : t('form.addTitle')}
      okText={t('form.save')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, id: 'webhook-save' }}
      destroyOnHidden
    >
      <Form<EndpointValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          url: endpoint?.url ?? '',
          description: endpoint?.description ?? '',
          eventTypes: endpoint?.eventTypes ?? [],
          enabled: endpoint?.enabled ?? true,
        }}
        onFinish={onSave}
      >
        <Form.Item
          name="url"
          label={t('fields.url')}
          extra={t('form.urlHelp')}
          rules={[{ required: true, type: 'url', message: t('form.urlRequired') }]}
        >
          <Input id="webhook-url" placeholder="https://example.com/voltline" maxLength={2000} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input id="webhook-description" maxLength={200} />
        </Form.Item>
        <Form.Item name="eventTypes" label={t('fields.events')} extra={t('form.eventsHelp')}>
          <Select
            id="webhook-events"
            mode="multiple"
            allowClear
            placeholder={t('events.all')}
            options={WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: t(`events.types.${type}`) }))}
          />
        </Form.Item>
        {endpoint && (
          <Form.Item
            name="enabled"
            label={t('fields.enabled')}
            valuePropName="checked"
            extra={t('form.enabledHelp')}
          >
            <Switch id="webhook-enabled" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
