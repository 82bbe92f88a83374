import { useState } from 'react';
import { Button, Checkbox, Form, Modal, Select, Typography } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REPORT_CRITERIA, type ReportCriterion } from '@voltline/contract';
import { useCustomReport } from '../../api/custom-report';

interface Values {
  componentCriteria: ReportCriterion[];
  components: string[];
}

/**
 * B08: asks the charger for a custom report of some components (by name, from those it reported
 * or typed) and/or of the components meeting criteria (active, available, enabled, with a problem).
 * What comes back updates those variables; the rest of the model stays.
 */
export function CustomReportButton({
  chargePointId,
  disabled,
  components,
}: {
  chargePointId: number;
  disabled: boolean;
  components: string[];
}) {
  const { t } = useTranslation('chargePoints');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const ask = useCustomReport(chargePointId);

  const submit = async (values: Values) => {
    await ask.mutateAsync({
      componentCriteria: values.componentCriteria ?? [],
      components: (values.components ?? []).map((name) => ({ name })),
    });
    setOpen(false);
    form.resetFields();
  };

  return (
    <>
      <Button
        icon={<FilterOutlined />}
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid="dm-custom-report"
      >
        {t('deviceModel.customReport.open')}
      </Button>
      <Modal
        open={open}
        title={t('deviceModel.customReport.title')}
        okText={t('deviceModel.customReport.ask')}
        confirmLoading={ask.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        data-testid="dm-custom-report-modal"
      >
        <Typography.Paragraph type="secondary">{t('deviceModel.customReport.help')}</Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ componentCriteria: [], components: [] }}
          onFinish={(v) => void submit(v).catch(() => undefined)}
        >
          <Form.Item
            name="componentCriteria"
            label={t('deviceModel.customReport.criteria')}
            dependencies={['components']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: ReportCriterion[] | undefined) =>
                  (value?.length ?? 0) > 0 || (getFieldValue('components') as string[] | undefined)?.length
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('deviceModel.customReport.required'))),
              }),
            ]}
          >
            <Checkbox.Group
              options={REPORT_CRITERIA.map((c) => ({
                value: c,
                label: t(`deviceModel.customReport.criterion.${c}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="components" label={t('deviceModel.customReport.components')}>
            <Select
              mode="tags"
              maxCount={50}
              placeholder={t('deviceModel.customReport.componentsPlaceholder')}
              options={components.map((name) => ({ value: name, label: name }))}
              data-testid="dm-custom-report-components"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
