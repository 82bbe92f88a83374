import type { AttributeType } from '@voltline/contract';
import type { MessageKey } from '../../lib/messages.js';
import type { VariableRow } from './device-model.repository.js';

export interface Refusal {
  key: MessageKey;
  params?: Record<string, string | number>;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Whether a value may be written to a stored variable (B05): the attribute exists and is not
 * ReadOnly, and the value fits the variable's characteristics as the charger reported them
 * (data type, limits, the values list). Null when it may; else why not, as a message key.
 */
export function refusalOf(row: VariableRow, type: AttributeType, value: string): Refusal | null {
  const attribute = row.attributes.find((a) => a.type === type);
  if (!attribute) return { key: 'deviceModel.noAttribute', params: { type } };
  if (attribute.mutability === 'ReadOnly') return { key: 'deviceModel.readOnly' };
  const { dataType, minLimit, maxLimit } = row;
  const list = row.valuesList ? row.valuesList.split(',').map((v) => v.trim()) : null;
  switch (dataType) {
    case 'integer':
    case 'decimal': {
      if (dataType === 'integer' ? !/^[+-]?\d+$/.test(value) : !NUMBER.test(value)) {
        return { key: dataType === 'integer' ? 'deviceModel.notInteger' : 'deviceModel.notDecimal' };
      }
      const n = Number(value);
      if (minLimit !== null && n < minLimit)
        return { key: 'deviceModel.belowMin', params: { min: minLimit } };
      if (maxLimit !== null && n > maxLimit)
        return { key: 'deviceModel.aboveMax', params: { max: maxLimit } };
      return null;
    }
    case 'boolean':
      return value === 'true' || value === 'false' ? null : { key: 'deviceModel.notBoolean' };
    case 'dateTime':
      return Number.isNaN(Date.parse(value)) ? { key: 'deviceModel.notDateTime' } : null;
    case 'OptionList':
      return !list || list.includes(value)
        ? null
        : { key: 'deviceModel.notInList', params: { values: list.join(', ') } };
    case 'MemberList':
    case 'SequenceList': {
      if (!list) return null;
      const items = value === '' ? [] : value.split(',').map((v) => v.trim());
      return items.every((v) => list.includes(v))
        ? null
        : { key: 'deviceModel.notInList', params: { values: list.join(', ') } };
    }
    default:
      // A string's limits are its length (OCPP 2.0.1 Part 2, VariableCharacteristicsType).
      if (minLimit !== null && value.length < minLimit)
        return { key: 'deviceModel.tooShort', params: { min: minLimit } };
      if (maxLimit !== null && value.length > maxLimit)
        return { key: 'deviceModel.tooLong', params: { max: maxLimit } };
      return null;
  }
}
