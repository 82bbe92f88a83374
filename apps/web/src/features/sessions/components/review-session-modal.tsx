import { useState } from 'react';
import { Alert, Col, DatePicker, Flex, Form, Input, InputNumber, Modal, Radio, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Session } from '@voltline/contract';
import { formatKwh } from '../../../lib/billing-format';
import { dateFormat } from '../../../lib/format';
import { useReviewSession } from '../api/review-session';
import {
  initialReviewValues,
  METER_MAX_WH,
  REVIEW_FIELDS,
  reviewBody,
  stopBeforeStart,
  type ReviewAction,
  type ReviewValues,
} from '../review-rules';
import { fieldErrorsOf, refusalOf } from '../server-errors';

type FormValues = Omit<ReviewValues, 'stoppedAt'> & { stoppedAt?: Dayjs | null };

/**
 * Settles a session held for review: release bills the readings as the charger sent them, correct
 * bills the readings staff checked. A release the server cannot bill exactly (409
 * `session.costOutOfRange`) keeps the dialog open with the reason, so staff can correct instead.
 */
export function ReviewSessionModal({
  session,
  open,
  onClose,
}: {
  session: Session;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('sessions');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<FormValues>();
  const action = (Form.useWatch('action', form) as ReviewAction | undefined) ?? 'release';
  const review = useReviewSession();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (v: FormValues) => {
    setRefusal(null);
    const body = reviewBody({ ...v, stoppedAt: v.stoppedAt?.toISOString() ?? null }, session.stoppedAt);
    review.mutate(
      { id: session.id, body },
      {
        onSuccess: onClose,
        onError: (error) => {
          const fields = REVIEW_FIELDS.map((name) => ({ name, errors: fieldErrorsOf(error, name) }));
          form.setFields(fields.filter((f) => f.errors.length > 0));
          const { code, text } = refusalOf(error);
          if (code === 'session.costOutOfRange') setRefusal(text ?? t('review.costOutOfRange'));
        },
      },
    );
  };

  const choice = (value: ReviewAction, hint: string) => ({
    value,
    label: (
      <Flex vertical>
        <span>{t(`review.actions.${value}`)}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      </Flex>
    ),
  });

  return (
    <Modal
      open={open}
      title={t('review.title', { id: session.id })}
      okText={t(`review.ok.${action}`)}
      cancelText={tc('actions.cancel')}
      confirmLoading={review.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => setRefusal(null)}
      width={600}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('review.explain')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="reviewSession"
        onFinish={submit}
        onValuesChange={(changed: Partial<FormValues>) => {
          if ('action' in changed) setRefusal(null);
        }}
        initialValues={{
          ...initialReviewValues(session),
          stoppedAt: session.stoppedAt ? dayjs(session.stoppedAt) : null,
        }}
      >
        <Form.Item name="action" label={t('review.action')}>
          <Radio.Group
            aria-label={t('review.action')}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={[
              choice(
                'release',
                t('review.releaseHint', { energy: formatKwh(session.energyWh, i18n.language) }),
              ),
              choice('correct', t('review.correctHint')),
            ]}
            data-testid="session-review-action"
          />
        </Form.Item>
        {refusal && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={refusal}
            description={t('review.chooseCorrect')}
            data-testid="session-review-refusal"
          />
        )}
        {action === 'correct' && (
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="meterStart"
                label={t('review.meterStartWh')}
                rules={[{ required: true }, { type: 'number', min: 0, max: METER_MAX_WH }]}
              >
                <InputNumber<number>
                  style={{ width: '100%' }}
                  min={0}
                  max={METER_MAX_WH}
                  precision={0}
                  data-testid="session-review-meter-start"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="meterStop"
                label={t('review.meterStopWh')}
                dependencies={['meterStart']}
                rules={[
                  { required: true },
                  { type: 'number', min: 0, max: METER_MAX_WH },
                  ({ getFieldValue }) => ({
                    validator: (_, stop: number | null | undefined) =>
                      stopBeforeStart(getFieldValue('meterStart') as number | null | undefined, stop)
                        ? Promise.reject(new Error(t('review.stopBeforeStart')))
                        : Promise.resolve(),
                  }),
                ]}
              >
                <InputNumber<number>
                  style={{ width: '100%' }}
                  min={0}
                  max={METER_MAX_WH}
                  precision={0}
                  data-testid="session-review-meter-stop"
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="stoppedAt" label={t('review.stoppedAt')} extra={t('review.stoppedAtHint')}>
                <DatePicker
                  showTime={{ format: dateFormat('timeSeconds', i18n.language) }}
                  format={dateFormat('dateTimeSeconds', i18n.language)}
                  style={{ width: '100%' }}
                  data-testid="session-review-stopped-at"
                />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Form.Item
          label={t('review.note')}
          name="note"
          extra={t('review.noteHint')}
          rules={[{ required: true, whitespace: true }, { min: 3 }, { max: 500 }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder={t('review.notePlaceholder')}
            data-testid="session-review-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
