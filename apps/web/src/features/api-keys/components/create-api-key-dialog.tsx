import { useState } from 'react';
import { DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import type { ApiKeyWithSecret, ErrorBody, Permission, Role } from '@voltline/contract';
import { useMe } from '../../../api/get-me';
import { usePermissions } from '../../../hooks/use-permission';
import { useCreateApiKey } from '../api/create-api-key';
import { useOperators } from '../api/get-operators';
import { grantableRoles } from '../grants';

interface Values {
  name: string;
  operatorId: number;
  grant: 'role' | 'permissions';
  role?: Role;
  permissions?: Permission[];
  expiresAt: Dayjs;
  allowedIps?: string[];
}

const FIELDS = ['name', 'operatorId', 'role', 'permissions', 'expiresAt', 'allowedIps'];

/** A new key: name, operator, a role or a narrower list, expiry and source addresses. */
export function CreateApiKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: ApiKeyWithSecret) => void;
}) {
  const { t } = useTranslation('apiKeys');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<Values>();
  const [grant, setGrant] = useState<Values['grant']>('role');
  const { data: me } = useMe();
  const held = usePermissions();
  const operators = useOperators();
  const create = useCreateApiKey();
  const roles = grantableRoles(me?.roles ?? [], held);

  const submit = (v: Values) =>
    create.mutate(
      {
        name: v.name,
        operatorId: v.operatorId,
        ...(v.grant === 'role' ? { role: v.role } : { permissions: v.permissions }),
        expiresAt: v.expiresAt.toISOString(),
        allowedIps: v.allowedIps ?? [],
      },
      {
        onSuccess: (created) => {
          form.resetFields();
          setGrant('role');
          onCreated(created);
        },
        onError: (err) => {
          if (!isAxiosError<ErrorBody>(err)) return;
          const details = err.response?.data.details ?? [];
          form.setFields(
            details
              .map((d) => ({ name: d.field.replace(/^body\./, '').split('.')[0] ?? '', errors: [d.message] }))
              .filter((d) => FIELDS.includes(d.name))
              .map((d) => ({ name: d.name as keyof Values, errors: d.errors })),
          );
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t('create.submit')}
      cancelText={tc('actions.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="apiKey"
        preserve={false}
        initialValues={{ grant: 'role', operatorId: me?.operatorId, expiresAt: dayjs().add(90, 'day') }}
        onFinish={submit}
      >
        <Form.Item
          label={t('fields.name')}
          name="name"
          rules={[{ required: true, whitespace: true }, { max: 80 }]}
        >
          <Input autoComplete="off" data-testid="api-key-name" />
        </Form.Item>
        <Form.Item label={t('fields.operator')} name="operatorId" rules={[{ required: true }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={operators.isLoading}
            options={(operators.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Form.Item label={t('fields.grant')} name="grant">
          <Radio.Group onChange={(e) => setGrant(e.target.value as Values['grant'])}>
            <Radio value="role">{t('grant.role')}</Radio>
            <Radio value="permissions">{t('grant.permissions')}</Radio>
          </Radio.Group>
        </Form.Item>
        {grant === 'role' ? (
          <Form.Item label={t('fields.role')} name="role" rules={[{ required: true }]}>
            <Select
              data-testid="api-key-role"
              options={roles.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
            />
          </Form.Item>
        ) : (
          <Form.Item label={t('fields.permissions')} name="permissions" rules={[{ required: true }]}>
            <Select mode="multiple" options={[...held].sort().map((p) => ({ value: p, label: p }))} />
          </Form.Item>
        )}
        <Form.Item label={t('fields.expiresAt')} name="expiresAt" rules={[{ required: true }]}>
          <DatePicker
            showTime
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
          />
        </Form.Item>
        <Form.Item label={t('fields.allowedIps')} name="allowedIps" extra={t('create.allowedIpsHint')}>
          <Select mode="tags" open={false} tokenSeparators={[',', ' ']} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
