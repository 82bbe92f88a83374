import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ID_TAG_PATTERN,
  SOCKET_TYPES,
  VIN_PATTERN,
  type RfidCardStatus,
  type SocketType,
} from '@voltline/contract';
import { dateFormat } from '../../../lib/format';

/** Where a group of fields sits in its form: [] in a dialog, ['vehicles', 0] in the add form's lists. */
type Prefix = (string | number)[];

export interface AddressValues {
  title: string;
  line1: string;
  line2?: string | null;
  city: string;
  country: string;
  zipCode?: string | null;
}

export interface VehicleValues {
  name: string;
  model?: string | null;
  year?: number | null;
  socketType: SocketType;
  vin?: string | null;
}

export interface CardValues {
  name?: string | null;
  number: string;
  expiresAt?: Dayjs | null;
  status: RfidCardStatus;
  groupIdToken?: string | null;
}

const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
const noSpaces = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v);

export function AddressFields({ prefix = [] }: { prefix?: Prefix }) {
  const { t } = useTranslation('drivers');
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item
          label={t('address.title')}
          name={[...prefix, 'title']}
          rules={[{ required: true, whitespace: true }, { max: 60 }]}
        >
          <Input placeholder={t('address.titlePlaceholder')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item
          label={t('address.line1')}
          name={[...prefix, 'line1']}
          rules={[{ required: true, whitespace: true }, { max: 200 }]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={24}>
        <Form.Item label={t('address.line2')} name={[...prefix, 'line2']} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        <Form.Item
          label={t('address.city')}
          name={[...prefix, 'city']}
          rules={[{ required: true, whitespace: true }, { max: 80 }]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col xs={12} md={7}>
        <Form.Item
          label={t('address.country')}
          name={[...prefix, 'country']}
          normalize={upper}
          rules={[{ required: true }, { pattern: /^[A-Z]{2}$/, message: t('validation.country') }]}
        >
          <Input maxLength={2} />
        </Form.Item>
      </Col>
      <Col xs={12} md={7}>
        <Form.Item label={t('address.zipCode')} name={[...prefix, 'zipCode']} rules={[{ max: 16 }]}>
          <Input />
        </Form.Item>
      </Col>
    </Row>
  );
}

export function VehicleFields({ prefix = [] }: { prefix?: Prefix }) {
  const { t } = useTranslation('drivers');
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item
          label={t('vehicle.name')}
          name={[...prefix, 'name']}
          rules={[{ required: true, whitespace: true }, { max: 80 }]}
        >
          <Input placeholder={t('vehicle.namePlaceholder')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('vehicle.model')} name={[...prefix, 'model']} rules={[{ max: 80 }]}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label={t('vehicle.year')}
          name={[...prefix, 'year']}
          rules={[{ type: 'integer', min: 1990, max: 2100 }]}
        >
          <InputNumber style={{ width: '100%' }} precision={0} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label={t('vehicle.socketType')}
          name={[...prefix, 'socketType']}
          rules={[{ required: true }]}
        >
          <Select
            options={SOCKET_TYPES.map((s) => ({ value: s, label: s }))}
            data-testid="vehicle-socket-type"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item
          label={t('vehicle.vin')}
          name={[...prefix, 'vin']}
          normalize={(v: unknown) => upper(noSpaces(v))}
          rules={[{ pattern: VIN_PATTERN, message: t('validation.vin') }]}
          extra={t('vehicle.vinHint')}
        >
          <Input maxLength={17} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Col>
    </Row>
  );
}

export function CardFields({
  prefix = [],
  numberLocked = false,
}: {
  prefix?: Prefix;
  numberLocked?: boolean;
}) {
  const { t, i18n } = useTranslation('drivers');
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Form.Item
          label={t('card.number')}
          name={[...prefix, 'number']}
          normalize={noSpaces}
          rules={[{ required: true }, { pattern: ID_TAG_PATTERN, message: t('validation.cardNumber') }]}
        >
          <Input maxLength={20} disabled={numberLocked} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label={t('card.name')} name={[...prefix, 'name']} rules={[{ max: 80 }]}>
          <Input placeholder={t('card.namePlaceholder')} />
        </Form.Item>
      </Col>
      <Col xs={12} md={4}>
        <Form.Item label={t('card.expiresAt')} name={[...prefix, 'expiresAt']}>
          <DatePicker style={{ width: '100%' }} format={dateFormat('date', i18n.language)} />
        </Form.Item>
      </Col>
      <Col xs={12} md={4}>
        <Form.Item label={t('card.status')} name={[...prefix, 'status']} rules={[{ required: true }]}>
          <Select
            options={(['active', 'blocked'] as const).map((s) => ({
              value: s,
              label: t(`card.statuses.${s}`),
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={4}>
        <Form.Item
          label={t('card.group')}
          name={[...prefix, 'groupIdToken']}
          tooltip={t('card.groupHint')}
          normalize={noSpaces}
          rules={[{ pattern: ID_TAG_PATTERN, message: t('validation.groupIdToken') }]}
        >
          <Input
            maxLength={20}
            placeholder={t('card.groupPlaceholder')}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
