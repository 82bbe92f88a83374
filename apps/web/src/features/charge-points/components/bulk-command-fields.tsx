import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AVAILABILITY_TYPES, RESET_TYPES, TRIGGER_MESSAGES, type BulkCommand } from '@voltline/contract';

/** The parameters of a command sent to many charge points, as the single-charger forms ask them. */
export function BulkCommandFields({ command }: { command: BulkCommand }) {
  const { t } = useTranslation('chargePoints');
  const required = [{ required: true, message: t('bulk.required') }];
  switch (command) {
    case 'reset':
      return (
        <Form.Item name="type" label={t('bulk.params.resetType')} initialValue="Soft" rules={required}>
          <Radio.Group options={RESET_TYPES.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
      );
    case 'changeAvailability':
      return (
        <>
          <Form.Item
            name="connectorId"
            label={t('bulk.params.connectorId')}
            extra={t('bulk.params.connectorIdHint')}
            initialValue={0}
            rules={required}
          >
            <InputNumber min={0} max={99} />
          </Form.Item>
          <Form.Item
            name="type"
            label={t('bulk.params.availability')}
            initialValue="Inoperative"
            rules={required}
          >
            <Radio.Group options={AVAILABILITY_TYPES.map((v) => ({ value: v, label: v }))} />
          </Form.Item>
        </>
      );
    case 'triggerMessage':
      return (
        <Form.Item name="requestedMessage" label={t('bulk.params.message')} rules={required}>
          <Select options={TRIGGER_MESSAGES.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
      );
    case 'changeConfiguration':
      return (
        <>
          <Form.Item name="key" label={t('bulk.params.key')} rules={required}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="value" label={t('bulk.params.value')} rules={required}>
            <Input maxLength={500} />
          </Form.Item>
        </>
      );
  }
}
