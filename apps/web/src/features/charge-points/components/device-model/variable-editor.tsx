import { useState } from 'react';
import { Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceVariable } from '@voltline/contract';

/** An inline editor for one variable's value, shaped by its data type (a list, true/false, free text). */
export function VariableEditor({
  variable,
  initial,
  saving,
  onSave,
  onCancel,
}: {
  variable: DeviceVariable;
  initial: string;
  saving: boolean;
  onSave: (value: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const [value, setValue] = useState(initial);
  const c = variable.characteristics;
  const label = t('deviceModel.newValue', { name: `${variable.component.name}.${variable.variable.name}` });
  const secret = variable.attributes.some((a) => a.mutability === 'WriteOnly');
  const options =
    c?.dataType === 'OptionList' && c.valuesList
      ? c.valuesList
      : c?.dataType === 'boolean'
        ? ['true', 'false']
        : null;
  const ValueInput = secret ? Input.Password : Input;
  return (
    <Space.Compact style={{ width: '100%' }}>
      {options ? (
        <Select
          autoFocus
          value={value}
          onChange={setValue}
          options={options.map((o) => ({ value: o, label: o }))}
          aria-label={label}
          style={{ minWidth: 160 }}
          data-testid="dm-value-input"
        />
      ) : (
        <ValueInput
          autoFocus
          value={value}
          maxLength={1000}
          autoComplete={secret ? 'new-password' : 'off'}
          aria-label={label}
          onChange={(e) => setValue(e.target.value)}
          onPressEnter={() => onSave(value)}
          data-testid="dm-value-input"
        />
      )}
      <Button type="primary" loading={saving} onClick={() => onSave(value)}>
        {t('deviceModel.set')}
      </Button>
      <Button onClick={onCancel}>{tc('actions.cancel')}</Button>
    </Space.Compact>
  );
}
