import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Progress, Row, Select, Typography, Upload } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FIRMWARE_EXTENSIONS, FIRMWARE_MAX_BYTES, type Firmware } from '@voltline/contract';
import { useOperatorOptions } from '../../../api/lookups';
import { useUploadFirmware } from '../api/upload-firmware';
import { useBrands, useModels } from '../api/get-reference';
import { firmwareFileProblem, formatBytes } from '../file-check';
import { SigningFields } from './signing-fields';

interface Values {
  version: string;
  brand?: string;
  models?: string[];
  description?: string;
  operatorId?: number;
  signingCertificate?: string;
  signature?: string;
}

/** Upload a firmware image: the file (checked before sending), its version and what it fits. */
export function UploadForm() {
  const { t, i18n } = useTranslation('firmware');
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<Firmware | null>(null);
  const brand = Form.useWatch('brand', form);
  const brands = useBrands();
  const models = useModels(brand);
  const operators = useOperatorOptions();
  const upload = useUploadFirmware();
  const limit = formatBytes(FIRMWARE_MAX_BYTES, i18n.language);

  const pick = (picked: File) => {
    const problem = firmwareFileProblem(picked);
    setFileError(problem && t(`upload.problems.${problem}`, { limit }));
    setFile(problem ? null : picked);
    setUploaded(null);
    return Upload.LIST_IGNORE;
  };

  const submit = (v: Values) => {
    if (!file) {
      setFileError(t('upload.problems.missing'));
      return;
    }
    setPercent(0);
    upload
      .mutateAsync({
        file,
        fields: { ...v, version: v.version.trim(), models: v.models ?? [] },
        onProgress: setPercent,
      })
      .then((fw) => {
        setUploaded(fw);
        setFile(null);
        form.resetFields();
      })
      .catch(() => undefined)
      .finally(() => setPercent(null));
  };

  return (
    <Card title={t('upload.title')} style={{ marginBottom: 16 }}>
      <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={upload.isPending}>
        <Row gutter={16}>
          <Col xs={24} lg={10}>
            <Form.Item label={t('fields.file')} required extra={t('upload.limit', { limit })}>
              <Upload.Dragger
                accept={FIRMWARE_EXTENSIONS.join(',')}
                multiple={false}
                showUploadList={false}
                beforeUpload={pick}
                data-testid="fw-file"
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">
                  {file ? (
                    <span data-testid="fw-picked">
                      {file.name} ({formatBytes(file.size, i18n.language)})
                    </span>
                  ) : (
                    t('upload.drop')
                  )}
                </p>
                <p className="ant-upload-hint">{t('upload.types')}</p>
              </Upload.Dragger>
            </Form.Item>
            {fileError && (
              <Alert
                type="error"
                showIcon
                title={fileError}
                style={{ marginBottom: 16 }}
                data-testid="fw-file-error"
              />
            )}
          </Col>
          <Col xs={24} lg={14}>
            <Row gutter={12}>
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('fields.version')}
                  name="version"
                  rules={[
                    { required: true, whitespace: true, message: t('validation.version') },
                    { max: 50 },
                  ]}
                >
                  <Input maxLength={50} data-testid="fw-version" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={t('fields.operator')} name="operatorId" extra={t('upload.operatorHint')}>
                  <Select
                    allowClear
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={operators.isPending}
                    options={operators.data
                      ?.filter((o) => !o.archived)
                      .map((o) => ({ value: o.id, label: o.name }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={t('fields.brand')} name="brand" extra={t('upload.brandHint')}>
                  <Select
                    allowClear
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={brands.isPending}
                    onChange={() => form.setFieldValue('models', [])}
                    options={brands.data?.map((b) => ({ value: b.name, label: b.name }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={t('fields.models')} name="models" extra={t('upload.modelsHint')}>
                  <Select
                    mode="multiple"
                    allowClear
                    disabled={!brand}
                    loading={Boolean(brand) && models.isPending}
                    options={models.data?.map((m) => ({ value: m, label: m }))}
                  />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item label={t('fields.description')} name="description" rules={[{ max: 500 }]}>
                  <Input.TextArea rows={2} maxLength={500} showCount />
                </Form.Item>
              </Col>
            </Row>
          </Col>
        </Row>
        <SigningFields />
        {percent !== null && <Progress percent={percent} data-testid="fw-upload-progress" />}
        <Button
          type="primary"
          htmlType="submit"
          icon={<UploadOutlined />}
          loading={upload.isPending}
          data-testid="fw-upload"
        >
          {t('upload.submit')}
        </Button>
      </Form>
      {uploaded && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 16 }}
          title={t('upload.done', { fileName: uploaded.fileName, version: uploaded.version })}
          description={
            <>
              {t('fields.sha256')}:{' '}
              <Typography.Text code copyable data-testid="fw-uploaded-sha">
                {uploaded.sha256}
              </Typography.Text>
            </>
          }
        />
      )}
    </Card>
  );
}
