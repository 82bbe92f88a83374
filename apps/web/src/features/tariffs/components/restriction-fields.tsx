import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DAYS_OF_WEEK } from '@voltline/contract';
import { decimalSeparator } from '../../../lib/billing-format';
import { dateFormat } from '../../../lib/format';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * When an element applies (OCPI TariffRestrictions). Formats are checked here; the order of
 * bounds (an end date after the start, a maximum above the minimum) is the server's to judge, and
 * its answer is shown at the field.
 */
export function RestrictionFields({ element }: { element: number }) {
  const { t, i18n } = useTranslation('tariffs');
  const lng = i18n.language;
  const name = (field: string) => [element, 'restrictions', field];
  const decimal = { decimalSeparator: decimalSeparator(lng), style: { width: '100%' } };
  const time = (field: 'startTime' | 'endTime') => (
    <Form.Item
      label={t(`restrictions.${field}`)}
      name={name(field)}
      rules={[{ pattern: HHMM, message: t('validation.time') }]}
    >
      <Input placeholder="HH:MM" autoComplete="off" maxLength={5} />
    </Form.Item>
  );
  const date = (field: 'startDate' | 'endDate') => (
    <Form.Item label={t(`restrictions.${field}`)} name={name(field)}>
      <DatePicker format={dateFormat('date', lng)} style={{ width: '100%' }} />
    </Form.Item>
  );
  const amount = (field: string, suffix: string, precision: number, max: number) => (
    <Form.Item label={t(`restrictions.${field}`)} name={name(field)}>
      <InputNumber<number> {...decimal} min={0} max={max} precision={precision} suffix={suffix} />
    </Form.Item>
  );

  return (
    <Row gutter={12}>
      <Col xs={12} md={6}>
        {time('startTime')}
      </Col>
      <Col xs={12} md={6}>
        {time('endTime')}
      </Col>
      <Col xs={12} md={6}>
        {date('startDate')}
      </Col>
      <Col xs={12} md={6}>
        {date('endDate')}
      </Col>
      <Col xs={24}>
        <Form.Item label={t('restrictions.dayOfWeek')} name={name('dayOfWeek')}>
          <Select
            mode="multiple"
            allowClear
            options={DAYS_OF_WEEK.map((d) => ({ value: d, label: t(`days.${d}`) }))}
            placeholder={t('restrictions.everyDay')}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        {amount('minKwh', 'kWh', 3, 100_000)}
      </Col>
      <Col xs={12} md={6}>
        {amount('maxKwh', 'kWh', 3, 100_000)}
      </Col>
      <Col xs={12} md={6}>
        {amount('minPowerKw', 'kW', 1, 10_000)}
      </Col>
      <Col xs={12} md={6}>
        {amount('maxPowerKw', 'kW', 1, 10_000)}
      </Col>
      <Col xs={12} md={6}>
        {amount('minDurationMinutes', t('preview.min'), 0, 7 * 24 * 60)}
      </Col>
      <Col xs={12} md={6}>
        {amount('maxDurationMinutes', t('preview.min'), 0, 7 * 24 * 60)}
      </Col>
    </Row>
  );
}
