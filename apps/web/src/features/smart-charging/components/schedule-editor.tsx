import { Button, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { normaliseTime, scheduleProblems, type ScheduleRow } from '../schedule';

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The time-of-day limits: rows of "from HH:MM, the limit is …", each in force until the next row's
 * time; outside them the group's maximum applies. Inside a Form, under the field `schedule`.
 */
export function ScheduleEditor({ unit, max }: { unit: string; max: number }) {
  const { t } = useTranslation('smartCharging');
  return (
    <Form.List
      name="schedule"
      rules={[
        {
          validator: (_, rows: ScheduleRow[] | undefined) =>
            [...scheduleProblems(rows ?? []).values()].includes('duplicate')
              ? Promise.reject(new Error(t('schedule.duplicate')))
              : Promise.resolve(),
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8} data-testid="sc-schedule">
          {fields.length === 0 && <Typography.Text type="secondary">{t('schedule.none')}</Typography.Text>}
          {fields.map((field, i) => (
            <Flex key={field.key} gap={8} align="start" wrap data-testid="sc-period">
              <Form.Item
                name={[field.name, 'from']}
                validateTrigger={['onBlur', 'onChange']}
                normalize={(v: string | undefined) => (v ? normaliseTime(v) : v)}
                rules={[
                  { required: true, message: t('schedule.timeRequired') },
                  { pattern: TIME_OF_DAY, message: t('schedule.timeOfDay') },
                ]}
                style={{ marginBottom: 0 }}
              >
                <Input
                  placeholder="HH:MM"
                  aria-label={t('schedule.fromRow', { n: i + 1 })}
                  prefix={t('schedule.from')}
                  style={{ width: 150 }}
                  data-testid="sc-period-from"
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'limit']}
                rules={[{ required: true, message: t('schedule.limitRequired') }]}
                style={{ marginBottom: 0 }}
              >
                <InputNumber<number>
                  min={0}
                  max={max}
                  aria-label={t('schedule.limitRow', { n: i + 1 })}
                  prefix={t('schedule.limit')}
                  suffix={unit}
                  style={{ width: 200 }}
                  data-testid="sc-period-limit"
                />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('schedule.removeRow', { n: i + 1 })}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          {errors.length > 0 && (
            <Typography.Text type="danger" role="alert" data-testid="sc-schedule-error">
              <Form.ErrorList errors={errors} />
            </Typography.Text>
          )}
          <div>
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ from: '', limit: null })}
              data-testid="sc-add-period"
            >
              {t('schedule.add')}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}
