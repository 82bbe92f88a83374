import { useEffect } from 'react';
import { Button, Card, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { assignableRoles, LOCALES, type Locale, type Role, type User } from '@voltline/contract';
import { useMe } from '../../../api/get-me';
import { passwordRules } from '../../../lib/form-rules';
import { useOperatorLookup } from '../api/get-operator-lookup';

export interface UserFormValues {
  email: string;
  name: string;
  surname: string;
  phone?: string | null;
  operatorId: number;
  roles: Role[];
  active: boolean;
  locale?: Locale | null;
  password?: string;
}

export type ServerFieldErrors = { field: string; message: string }[];

/**
 * Add and edit share this form; roles and operators are limited to what the signed-in user may
 * assign. The last active Admin keeps the Admin role and stays active (the server refuses either).
 */
export function UserForm({
  user,
  lastAdmin = false,
  submitting,
  fieldErrors,
  onSubmit,
  onCancel,
}: {
  user?: User;
  lastAdmin?: boolean;
  submitting: boolean;
  fieldErrors?: ServerFieldErrors;
  onSubmit: (values: UserFormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<UserFormValues>();
  const { data: me } = useMe();
  const operators = useOperatorLookup();
  const roles = assignableRoles(me?.roles ?? []);

  useEffect(() => {
    if (!fieldErrors?.length) return;
    form.setFields(
      fieldErrors
        .filter((e) => e.field in form.getFieldsValue(true))
        .map((e) => ({ name: e.field as keyof UserFormValues, errors: [e.message] })),
    );
  }, [fieldErrors, form]);

  const initial: Partial<UserFormValues> = user
    ? { ...user, locale: (user.locale as Locale | null) ?? undefined }
    : { active: true, operatorId: me?.operatorId, roles: [] };

  return (
    <Form<UserFormValues>
      form={form}
      layout="vertical"
      name="user"
      initialValues={initial}
      onFinish={onSubmit}
      scrollToFirstError
    >
      <Card title={t('form.profile')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.firstName')}
              name="name"
              rules={[{ required: true, whitespace: true }, { max: 80 }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.surname')}
              name="surname"
              rules={[{ required: true, whitespace: true }, { max: 80 }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.email')}
              name="email"
              rules={[{ required: true }, { type: 'email' }, { max: 254 }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('fields.phone')} name="phone" rules={[{ max: 32 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('fields.locale')} name="locale">
              <Select allowClear options={LOCALES.map((l) => ({ value: l, label: tc(`languages.${l}`) }))} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('form.access')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('fields.operator')} name="operatorId" rules={[{ required: true }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={operators.isPending}
                options={operators.data?.map((o) => ({ value: o.id, label: o.name }))}
                data-testid="user-form-operator"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.roles')}
              name="roles"
              rules={[{ required: true }, { type: 'array', max: 6 }]}
              extra={lastAdmin ? t('blocked.lastAdminRole') : undefined}
            >
              <Select
                mode="multiple"
                options={roles.map((r) => ({
                  value: r,
                  label: tc(`roles.${r}`),
                  // A disabled option's tag cannot be removed.
                  disabled: lastAdmin && r === 'Admin',
                }))}
                data-testid="user-form-roles"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={user ? t('fields.newPassword') : t('fields.password')}
              name="password"
              rules={passwordRules(tc, !user)}
              validateFirst
              extra={user ? t('form.passwordKeep') : t('form.passwordHint')}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.active')}
              name="active"
              valuePropName="checked"
              extra={lastAdmin ? t('blocked.lastAdminActive') : undefined}
            >
              <Switch disabled={lastAdmin} data-testid="user-form-active" />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Row justify="end" gutter={8}>
        <Col>
          <Button onClick={onCancel}>{tc('actions.cancel')}</Button>
        </Col>
        <Col>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {user ? tc('actions.save') : t('form.create')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
