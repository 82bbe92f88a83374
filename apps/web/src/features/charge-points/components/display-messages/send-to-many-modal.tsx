import { useState } from 'react';
import { Alert, Form, List, Modal, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisplayMessageSendResult } from '@voltline/contract';
import { sendDisplayToMany } from '../../api/display-messages';
import { DisplayMessageFields, toMessage, type DisplayMessageValues } from './display-message-fields';

type Values = DisplayMessageValues & { chargePointIds: string[] };

/**
 * O01 for a group: one message to the chargers chosen (from the list shown, or typed), answered per
 * charger; only an Accepted answer is green.
 */
export function SendToManyModal({
  open,
  onClose,
  chargers,
}: {
  open: boolean;
  onClose: () => void;
  chargers: string[];
}) {
  const { t, i18n } = useTranslation('chargePoints');
  const [form] = Form.useForm<Values>();
  const [results, setResults] = useState<DisplayMessageSendResult[] | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (v: Values) => {
    setBusy(true);
    try {
      setResults((await sendDisplayToMany({ chargePointIds: v.chargePointIds, message: toMessage(v) })).data);
    } catch {
      setResults(null);
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setResults(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('displayMessages.toMany')}
      okText={t('displayMessages.send')}
      onCancel={close}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okButtonProps={{ id: 'dm-many-send' }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          id: 1,
          priority: 'NormalCycle',
          format: 'UTF8',
          language: i18n.language,
          chargePointIds: [],
        }}
        onFinish={(v) => void send(v)}
      >
        <Form.Item
          name="chargePointIds"
          label={t('displayMessages.chargers')}
          rules={[{ required: true, message: t('displayMessages.required') }]}
        >
          <Select
            mode="tags"
            data-testid="dm-many-chargers"
            options={chargers.map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        <DisplayMessageFields withTransaction={false} />
      </Form>
      {results && (
        <List
          size="small"
          data-testid="dm-many-results"
          dataSource={results}
          renderItem={(r) => (
            <List.Item>
              <Alert
                style={{ width: '100%' }}
                type={r.outcome === 'accepted' ? 'success' : 'error'}
                showIcon
                title={
                  <>
                    <Tag>{r.chargePointId}</Tag> {r.message}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
