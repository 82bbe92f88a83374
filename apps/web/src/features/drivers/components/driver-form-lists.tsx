import type { ReactNode } from 'react';
import { Button, Card, Empty, Form, Typography } from 'antd';
import {
  CarOutlined,
  CreditCardOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AddressFields, CardFields, VehicleFields } from './sub-fields';

type ListName = 'addresses' | 'vehicles' | 'rfidCards';

const LISTS: {
  name: ListName;
  max: number;
  icon: ReactNode;
  initial: object;
  Fields: (props: { prefix: (string | number)[] }) => ReactNode;
}[] = [
  {
    name: 'addresses',
    max: 10,
    icon: <EnvironmentOutlined />,
    initial: { country: 'TR' },
    Fields: AddressFields,
  },
  { name: 'vehicles', max: 10, icon: <CarOutlined />, initial: {}, Fields: VehicleFields },
  {
    name: 'rfidCards',
    max: 20,
    icon: <CreditCardOutlined />,
    initial: { status: 'active' },
    Fields: CardFields,
  },
];

/** Addresses, vehicles and RFID cards of a new driver, saved with the driver in one call. */
export function DriverFormLists() {
  const { t } = useTranslation('drivers');
  const { t: tc } = useTranslation('common');
  return (
    <>
      {LISTS.map(({ name, max, icon, initial, Fields }) => (
        <Form.List name={name} key={name}>
          {(items, { add, remove }) => (
            <Card
              title={
                <>
                  {icon} {t(`form.lists.${name}.title`)}
                </>
              }
              style={{ marginBottom: 16 }}
              extra={
                <Button
                  icon={<PlusOutlined />}
                  disabled={items.length >= max}
                  onClick={() => add(initial)}
                  data-testid={`add-${name}`}
                >
                  {t(`form.lists.${name}.add`)}
                </Button>
              }
            >
              {items.length === 0 && (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`form.lists.${name}.empty`)} />
              )}
              {items.map((item, i) => (
                <div
                  key={item.key}
                  style={{
                    borderTop: i > 0 ? '1px solid rgba(5,5,5,0.06)' : undefined,
                    paddingTop: i > 0 ? 16 : 0,
                  }}
                >
                  <Typography.Text
                    strong
                    style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}
                  >
                    {t(`form.lists.${name}.item`, { n: i + 1 })}
                    <Button
                      type="text"
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      onClick={() => remove(item.name)}
                    >
                      {tc('actions.delete')}
                    </Button>
                  </Typography.Text>
                  <Fields prefix={[item.name]} />
                </div>
              ))}
            </Card>
          )}
        </Form.List>
      ))}
    </>
  );
}
