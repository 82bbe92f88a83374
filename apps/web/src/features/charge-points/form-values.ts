import dayjs from 'dayjs';
import type { ChargePoint, CreateChargePointBody, UpdateChargePointBody } from '@voltline/contract';
import type { ChargePointFormValues } from './components/form-types';

const TEXT_FIELDS = [
  'brand',
  'model',
  'serialNumber',
  'firmwareVersion',
  'iccid',
  'imsi',
  'openingTime',
  'closingTime',
  'countryCode',
  'city',
  'addressLine1',
  'addressLine2',
  'zipCode',
  'contactName',
  'contactPhone',
  'contactEmail',
] as const;

/** Empty inputs become null so that clearing a field clears it on the server. */
function common(v: ChargePointFormValues) {
  const text = Object.fromEntries(TEXT_FIELDS.map((k) => [k, v[k]?.trim() || null])) as Record<
    (typeof TEXT_FIELDS)[number],
    string | null
  >;
  return {
    ...text,
    name: v.name.trim(),
    operatorId: v.operatorId,
    powerUnit: v.powerUnit,
    minPower: v.minPower ?? null,
    maxPower: v.maxPower ?? null,
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    activationDate: v.activationDate ? v.activationDate.toISOString() : null,
  };
}

export function toCreateBody(v: ChargePointFormValues): CreateChargePointBody {
  return {
    ...common(v),
    chargePointId: (v.chargePointId ?? '').trim(),
    // Not trimmed: a charger's password is taken exactly as it was typed.
    ...(v.passwordMode === 'enter' && v.password ? { password: v.password } : {}),
    connectorCount: v.connectorCount ?? 0,
    connectorType: v.connectorType,
  };
}

export function toUpdateBody(id: number, v: ChargePointFormValues): UpdateChargePointBody {
  return { ...common(v), id, registrationStatus: v.registrationStatus };
}

export function toFormValues(cp: ChargePoint): ChargePointFormValues {
  return {
    ...cp,
    activationDate: cp.activationDate ? dayjs(cp.activationDate) : null,
  };
}
