import { useState } from 'react';
import { Button, Descriptions, Form, Input, Modal, Select, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CERTIFICATE_USES, CertificateInfo } from '@voltline/contract';
import { formatDate } from '../../../lib/format';
import { useInspectCertificate } from '../api/get-certificates';
import { showFieldErrors } from '../server-errors';

export interface InstallValues {
  certificateType: (typeof CERTIFICATE_USES)[number];
  certificate: string;
}

/**
 * InstallCertificate: a root certificate pasted as PEM or read from a .pem/.crt file. Voltline
 * checks it and shows the hash data the charger will report for it before it is sent.
 */
export function InstallCertificateModal({
  open,
  types,
  onClose,
  onSend,
}: {
  open: boolean;
  /** The types this charger takes. */
  types: readonly InstallValues['certificateType'][];
  onClose: () => void;
  onSend: (values: InstallValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<InstallValues>();
  const inspect = useInspectCertificate();
  const [info, setInfo] = useState<CertificateInfo | null>(null);

  const check = async (pem: string) => {
    setInfo(null);
    if (!pem.trim()) return;
    try {
      setInfo(await inspect.mutateAsync(pem));
      form.setFields([{ name: 'certificate', errors: [] }]);
    } catch (error) {
      showFieldErrors(form, error, ['certificate']);
    }
  };

  const submit = (v: InstallValues) => {
    void onSend(v).then(onClose, (error: unknown) => {
      if (!showFieldErrors(form, error, ['certificate'])) onClose();
    });
  };

  return (
    <Modal
      open={open}
      title={t('install.title')}
      okText={t('install.send')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'certificate-install-send' }}
      afterClose={() => setInfo(null)}
      destroyOnHidden
      width={640}
    >
      <Typography.Paragraph type="secondary">{t('install.hint')}</Typography.Paragraph>
      <Form<InstallValues>
        form={form}
        layout="vertical"
        name="installCertificate"
        initialValues={{ certificateType: 'CentralSystemRootCertificate' }}
        onFinish={submit}
      >
        <Form.Item label={t('fields.certificateType')} name="certificateType" rules={[{ required: true }]}>
          <Select
            options={types.map((k) => ({ value: k, label: t(`types.${k}`) }))}
            data-testid="certificate-type"
          />
        </Form.Item>
        <Form.Item
          label={t('fields.certificate')}
          name="certificate"
          rules={[{ required: true }, { max: 5500 }]}
          extra={
            <Upload
              accept=".pem,.crt,.cer"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(file) => {
                void file.text().then((pem) => {
                  form.setFieldValue('certificate', pem.trim());
                  void check(pem);
                });
                return false;
              }}
            >
              <Button size="small" icon={<UploadOutlined />} style={{ marginTop: 8 }}>
                {t('install.upload')}
              </Button>
            </Upload>
          }
        >
          <Input.TextArea
            rows={8}
            spellCheck={false}
            placeholder="-----BEGIN CERTIFICATE-----"
            style={{ fontFamily: 'monospace', fontSize: 12 }}
            onBlur={(e) => void check(e.target.value)}
            data-testid="certificate-pem"
          />
        </Form.Item>
      </Form>
      {info && (
        <Descriptions
          size="small"
          column={1}
          bordered
          title={t('install.hashData')}
          data-testid="certificate-hash-data"
          items={[
            { key: 'subject', label: t('fields.subject'), children: info.subject },
            {
              key: 'serial',
              label: t('fields.serialNumber'),
              children: <code>{info.hashData.serialNumber}</code>,
            },
            {
              key: 'name',
              label: t('fields.issuerNameHash'),
              children: <code style={{ wordBreak: 'break-all' }}>{info.hashData.issuerNameHash}</code>,
            },
            {
              key: 'key',
              label: t('fields.issuerKeyHash'),
              children: <code style={{ wordBreak: 'break-all' }}>{info.hashData.issuerKeyHash}</code>,
            },
            { key: 'valid', label: t('fields.validTo'), children: formatDate(info.validTo) },
          ]}
        />
      )}
    </Modal>
  );
}
