import { useState } from 'react';
import { Checkbox, Form, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MONITOR_TYPES, type DeviceVariable, type MonitorType } from '@voltline/contract';
import { useDeviceModel } from '../../api/get-device-model';
import { useSetMonitor } from '../../api/monitor-commands';
import { SEVERITY_LEVELS } from '../../event-words';
import { monitorable, variableLabel, variableOptionKey } from '../../monitor-words';
import { MonitorAnswerAlert } from './monitor-answer';

interface Values {
  variable: string;
  type: MonitorType;
  value: number;
  severity: number;
  transaction: boolean;
}

/**
 * N04: a monitor on a variable of the charger's stored device model. The charger's refusal stays in
 * the form, red, in words; an accepted monitor closes it.
 */
export function AddMonitorModal({ id, open, onClose }: { id: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('chargePoints');
  const [form] = Form.useForm<Values>();
  const model = useDeviceModel(id, open);
  const set = useSetMonitor(id);
  const [status, setStatus] = useState<string | null>(null);
  const type = Form.useWatch('type', form) ?? 'UpperThreshold';
  const variables = monitorable(model.data?.variables ?? [], type);
  const byKey = new Map<string, DeviceVariable>(variables.map((v) => [variableOptionKey(v), v]));

  const submit = async (values: Values) => {
    const v = byKey.get(values.variable);
    if (!v) return;
    try {
      const answer = await set.mutateAsync({
        component: v.component,
        variable: v.variable,
        type: values.type,
        value: values.value,
        severity: values.severity,
        transaction: values.transaction,
      });
      setStatus(answer.status);
      if (answer.status === 'Accepted') {
        form.resetFields();
        setStatus(null);
        onClose();
      }
    } catch {
      // The API client has said why (the charger offline, a value refused); the form stays open.
    }
  };

  return (
    <Modal
      open={open}
      title={t('monitors.addTitle')}
      okText={t('monitors.save')}
      confirmLoading={set.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        setStatus(null);
        onClose();
      }}
      destroyOnHidden
    >
      {model.data && model.data.variables.length === 0 && (
        <Typography.Paragraph type="warning">{t('monitors.noModel')}</Typography.Paragraph>
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ type: 'UpperThreshold', severity: 5, transaction: false }}
        onFinish={(v) => void submit(v)}
        data-testid="monitor-form"
      >
        <Form.Item name="type" label={t('monitors.type')} rules={[{ required: true }]}>
          <Select
            data-testid="monitor-type"
            options={MONITOR_TYPES.map((m) => ({ value: m, label: t(`monitors.types.${m}`) }))}
          />
        </Form.Item>
        <Form.Item name="variable" label={t('monitors.pickVariable')} rules={[{ required: true }]}>
          <Select
            showSearch
            loading={model.isPending}
            optionFilterProp="label"
            data-testid="monitor-variable"
            options={variables.map((v) => ({ value: variableOptionKey(v), label: variableLabel(v) }))}
          />
        </Form.Item>
        <Form.Item name="value" label={t('monitors.value')} rules={[{ required: true }]}>
          <InputNumber style={{ width: '100%' }} data-testid="monitor-value" />
        </Form.Item>
        <Form.Item name="severity" label={t('monitors.severity')} rules={[{ required: true }]}>
          <Select
            data-testid="monitor-severity"
            options={SEVERITY_LEVELS.map((level) => ({
              value: level,
              label: t('events.severityLevel', { level, name: t(`events.severities.${level}`) }),
            }))}
          />
        </Form.Item>
        <Form.Item name="transaction" valuePropName="checked">
          <Checkbox>{t('monitors.transaction')}</Checkbox>
        </Form.Item>
      </Form>
      <MonitorAnswerAlert status={status} />
    </Modal>
  );
}
