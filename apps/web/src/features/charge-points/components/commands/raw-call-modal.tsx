import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Typography, type MenuProps } from 'antd';
import { CodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { rawCallActions, type ChargePoint, type ErrorBody } from '@voltline/contract';
import { JsonView } from '../../../../components/ocpp-log/json-view';
import { useCan } from '../../../../hooks/use-permission';
import { useRawCall } from '../../api/raw-call';
import { fieldErrorsOf } from '../../server-errors';
import { PROTOCOL_KEYS } from '../protocol-tag';
import { exampleOf } from './raw-call-examples';

/** What the last send came to: the charger's reply, or a refusal (its CALLERROR, the schema's, offline...). */
interface Outcome {
  refused: boolean;
  message: string;
  value?: unknown;
  details?: { field: string; message: string }[];
}

/**
 * The raw command console: any request of the charger's own OCPP version, written as JSON, sent
 * once the server's schema check accepts it; the reply or the refusal is shown here.
 */
export function RawCallModal({ cp, open, onClose }: { cp: ChargePoint; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('chargePoints');
  const protocol = cp.ocppProtocol;
  const [action, setAction] = useState<string>();
  const [text, setText] = useState('{}');
  const [jsonError, setJsonError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const raw = useRawCall();

  const choose = (next: string) => {
    setAction(next);
    setText(exampleOf(protocol, next));
    setJsonError(undefined);
    setOutcome(null);
  };

  const send = () => {
    if (!action) return;
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      setJsonError(t('rawCall.badJson'));
      return;
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      setJsonError(t('rawCall.notObject'));
      return;
    }
    setJsonError(undefined);
    raw.mutate(
      { chargePointId: cp.chargePointId, action, payload: payload as Record<string, unknown> },
      {
        onSuccess: (body) =>
          setOutcome({
            refused: body.refused === true,
            message: body.message ?? '',
            value: body.data.callError ?? body.data.reply,
          }),
        onError: (error) =>
          setOutcome({
            refused: true,
            message:
              (isAxiosError<ErrorBody>(error) ? error.response?.data.error : undefined) ??
              t('rawCall.failed'),
            details: fieldErrorsOf(error),
          }),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('rawCall.title')}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('rawCall.close')}
        </Button>,
        <Button
          key="send"
          type="primary"
          disabled={!action}
          loading={raw.isPending}
          onClick={send}
          data-testid="raw-call-send"
        >
          {t('commands.send')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {t('rawCall.hint', { protocol: t(PROTOCOL_KEYS[protocol]) })}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('rawCall.action')} required>
          <Select
            showSearch
            value={action}
            onChange={choose}
            placeholder={t('rawCall.actionPlaceholder')}
            options={rawCallActions(protocol).map((a) => ({ value: a, label: a }))}
            data-testid="raw-call-action"
          />
        </Form.Item>
        <Form.Item
          label={t('rawCall.payload')}
          validateStatus={jsonError ? 'error' : undefined}
          help={jsonError}
        >
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={10}
            spellCheck={false}
            dir="ltr"
            style={{ fontFamily: 'monospace' }}
            data-testid="raw-call-payload"
          />
        </Form.Item>
      </Form>
      {outcome && (
        <Alert
          type={outcome.refused ? 'error' : 'success'}
          showIcon
          title={outcome.message}
          data-testid={outcome.refused ? 'raw-call-refusal' : 'raw-call-answer'}
          description={
            outcome.details?.length ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {outcome.details.map((d) => (
                  <li key={`${d.field}:${d.message}`}>
                    <Typography.Text code>
                      {d.field.replace(/^body\.(payload\.?)?/, '') || '{}'}
                    </Typography.Text>{' '}
                    {d.message}
                  </li>
                ))}
              </ul>
            ) : outcome.value !== undefined ? (
              <JsonView value={outcome.value} testId="raw-call-json" />
            ) : undefined
          }
        />
      )}
    </Modal>
  );
}

/** The Commands menu's entry for the console and its dialog: only for those with `commands:raw`. */
export function useRawCallEntry(cp: ChargePoint) {
  const { t } = useTranslation('chargePoints');
  const allowed = useCan('commands:raw');
  const [open, setOpen] = useState(false);
  const items: NonNullable<MenuProps['items']> = allowed
    ? [{ key: 'rawCall', icon: <CodeOutlined />, label: t('rawCall.menu'), onClick: () => setOpen(true) }]
    : [];
  const modal = allowed ? <RawCallModal cp={cp} open={open} onClose={() => setOpen(false)} /> : null;
  return { items, modal };
}
