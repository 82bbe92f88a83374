import { Form, Input, InputNumber, Modal, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlertRule, User } from '@voltline/contract';
import { ruleToForm, type RuleFormValues } from '../alert-words';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The contract's bounds: a minute to a day. */
const MIN_MINUTES = 1;
const MAX_MINUTES = 1440;

/** A rule's form: delays in minutes, recipients among the staff in reach, quiet hours both or neither. */
export function RuleModal({
  rule,
  staff,
  saving,
  onClose,
  onSave,
}: {
  rule: AlertRule | null;
  /** Null when the user may not list users: recipients are then left as they are. */
  staff: User[] | null;
  saving: boolean;
  onClose: () => void;
  onSave: (values: RuleFormValues) => void;
}) {
  const { t } = useTranslation('alerts');
  const [form] = Form.useForm<RuleFormValues>();

  const delayRules: FormRule[] = [
    { required: true, message: t('rules.delayRange') },
    { type: 'integer', min: MIN_MINUTES, max: MAX_MINUTES, message: t('rules.delayRange') },
  ];
  const timeRules = (other: keyof RuleFormValues): FormRule[] => [
    { pattern: TIME, message: t('rules.timeFormat') },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        Boolean(value?.trim()) === Boolean((getFieldValue(other) as string | undefined)?.trim())
          ? Promise.resolve()
          : Promise.reject(new Error(t('rules.quietBoth'))),
    }),
  ];

  return (
    <Modal
      open={rule !== null}
      title={rule ? t('rules.editTitle', { operator: rule.operatorName }) : ''}
      okText={t('rules.save')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ ...{ 'data-testid': 'alert-rule-save' } }}
    >
      <Form<RuleFormValues>
        key={rule?.id ?? 'none'}
        form={form}
        layout="vertical"
        initialValues={rule ? ruleToForm(rule) : undefined}
        onFinish={onSave}
        data-testid="alert-rule-form"
      >
        <Form.Item name="enabled" label={t('rules.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="raiseAfterMinutes"
          label={t('rules.raiseAfterMinutes')}
          extra={t('rules.raiseHelp')}
          rules={delayRules}
        >
          <InputNumber style={{ width: '100%' }} data-testid="alert-rule-raise" />
        </Form.Item>
        <Form.Item
          name="clearAfterMinutes"
          label={t('rules.clearAfterMinutes')}
          extra={t('rules.clearHelp')}
          rules={delayRules}
        >
          <InputNumber style={{ width: '100%' }} data-testid="alert-rule-clear" />
        </Form.Item>
        {staff && (
          <Form.Item name="recipientUserIds" label={t('rules.recipients')} extra={t('rules.recipientsHelp')}>
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={staff.map((u) => ({ value: u.id, label: `${u.name} ${u.surname} (${u.email})` }))}
              data-testid="alert-rule-recipients"
            />
          </Form.Item>
        )}
        <Form.Item
          name="quietStart"
          label={t('rules.quietStart')}
          dependencies={['quietEnd']}
          rules={timeRules('quietEnd')}
        >
          <Input placeholder="22:00" data-testid="alert-rule-quiet-start" />
        </Form.Item>
        <Form.Item
          name="quietEnd"
          label={t('rules.quietEnd')}
          extra={t('rules.quietHelp')}
          dependencies={['quietStart']}
          rules={timeRules('quietStart')}
        >
          <Input placeholder="06:00" data-testid="alert-rule-quiet-end" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
