import { useEffect, useState, type ReactNode } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../server-errors';
import { useServerErrors } from '../use-server-errors';

/**
 * A dialog holding one small form (an address, a vehicle, a card, a balance entry). It closes
 * itself when `onSubmit` resolves and keeps the values when the server refuses them.
 */
export function FormModal<T extends object>({
  open,
  title,
  okText,
  initialValues,
  width = 720,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  okText?: string;
  initialValues?: Partial<T>;
  width?: number;
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<T>();
  const [submitting, error, setState] = useSubmitState();
  useServerErrors(form, fieldErrorsOf(error));

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setState({ submitting: true, error: null });
    try {
      await onSubmit(values);
      setState({ submitting: false, error: null });
      onClose();
    } catch (e) {
      setState({ submitting: false, error: e });
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={okText ?? tc('actions.save')}
      cancelText={tc('actions.cancel')}
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<T>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        preserve={false}
        onFinish={() => void submit()}
      >
        {children}
      </Form>
    </Modal>
  );
}

function useSubmitState() {
  const [state, setState] = useState<{ submitting: boolean; error: unknown }>({
    submitting: false,
    error: null,
  });
  return [state.submitting, state.error, setState] as const;
}
