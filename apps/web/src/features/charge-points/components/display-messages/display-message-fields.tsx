import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_FORMATS,
  MESSAGE_PRIORITIES,
  MESSAGE_STATES,
  PAY_CODE_MESSAGE_IDS,
  type DisplayMessage,
  type MessageFormat,
  type MessagePriority,
  type MessageState,
} from '@voltline/contract';

/** The form's values; `toMessage` makes the message the API takes. */
export interface DisplayMessageValues {
  id: number;
  priority: MessagePriority;
  state?: MessageState;
  window?: [Dayjs | null, Dayjs | null] | null;
  language?: string;
  format: MessageFormat;
  content: string;
  transactionId?: string;
}

export function toMessage(v: DisplayMessageValues): DisplayMessage {
  const [start, end] = v.window ?? [null, null];
  const language = v.language?.trim();
  const transactionId = v.transactionId?.trim();
  return {
    id: v.id,
    priority: v.priority,
    ...(v.state ? { state: v.state } : {}),
    ...(start ? { startDateTime: start.toISOString() } : {}),
    ...(end ? { endDateTime: end.toISOString() } : {}),
    ...(transactionId ? { transactionId } : {}),
    message: { format: v.format, content: v.content, ...(language ? { language } : {}) },
  };
}

/** A display message's fields (O01/O02): priority, state, time window, language, format, text, transaction. */
export function DisplayMessageFields({ withTransaction }: { withTransaction: boolean }) {
  const { t } = useTranslation('chargePoints');
  const required = [{ required: true, message: t('displayMessages.required') }];
  return (
    <>
      <Form.Item
        name="id"
        label={t('displayMessages.id')}
        rules={required}
        extra={t('displayMessages.idHint')}
      >
        <InputNumber
          min={0}
          max={PAY_CODE_MESSAGE_IDS - 1}
          precision={0}
          style={{ width: '100%' }}
          data-testid="dm-id"
        />
      </Form.Item>
      <Form.Item name="priority" label={t('displayMessages.priority')} rules={required}>
        <Select
          data-testid="dm-priority"
          options={MESSAGE_PRIORITIES.map((p) => ({ value: p, label: t(`displayMessages.priorities.${p}`) }))}
        />
      </Form.Item>
      <Form.Item name="state" label={t('displayMessages.state')} extra={t('displayMessages.stateHint')}>
        <Select
          allowClear
          data-testid="dm-state"
          options={MESSAGE_STATES.map((s) => ({ value: s, label: t(`displayMessages.states.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="window" label={t('displayMessages.window')} extra={t('displayMessages.windowHint')}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="language" label={t('displayMessages.language')} rules={[{ max: 8 }]}>
        <Input maxLength={8} data-testid="dm-language" />
      </Form.Item>
      <Form.Item name="format" label={t('displayMessages.format')} rules={required}>
        <Select data-testid="dm-format" options={MESSAGE_FORMATS.map((f) => ({ value: f, label: f }))} />
      </Form.Item>
      <Form.Item name="content" label={t('displayMessages.content')} rules={[...required, { max: 512 }]}>
        <Input.TextArea rows={3} maxLength={512} showCount data-testid="dm-content" />
      </Form.Item>
      {withTransaction && (
        <Form.Item
          name="transactionId"
          label={t('displayMessages.transaction')}
          extra={t('displayMessages.transactionHint')}
        >
          <Input maxLength={36} data-testid="dm-transaction" />
        </Form.Item>
      )}
    </>
  );
}
