import type { CreateOperatorBody, MerchantInput } from '@voltline/contract';
import type { OperatorFormValues } from './components/operator-form';

const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

function merchantBody(m: MerchantInput): MerchantInput {
  return {
    ...m,
    taxOffice: blankToNull(m.taxOffice),
    addressLine2: blankToNull(m.addressLine2),
    zipCode: blankToNull(m.zipCode),
    contactPhone: blankToNull(m.contactPhone),
  };
}

/** A VAT rate typed in percent (18.5) as basis points (1850); two decimals are whole basis points. */
export const vatBasisPoints = (percent: number) => Math.round(percent * 100);

/** Form values as the API takes them: blanks as null, the minimum balance and hold in minor units. */
export function operatorBody(
  v: OperatorFormValues,
): Omit<CreateOperatorBody, 'merchant'> & { merchant?: MerchantInput } {
  return {
    name: v.name,
    parentId: v.parentId ?? null,
    email: blankToNull(v.email),
    supportEmail: blankToNull(v.supportEmail),
    phone: blankToNull(v.phone),
    heartbeatInterval: v.heartbeatInterval,
    prepaid: v.prepaid,
    minBalance: Math.round(v.minBalance * 100),
    role: blankToNull(v.role),
    autoRegisterChargePoints: v.autoRegisterChargePoints,
    vatRate: vatBasisPoints(v.vatRate),
    pricesIncludeVat: v.pricesIncludeVat,
    timeZone: v.timeZone,
    adhocHoldAmount: Math.round(v.adhocHoldAmount * 100),
    publishOpenData: v.publishOpenData ?? false,
    ...(v.merchant ? { merchant: merchantBody(v.merchant) } : {}),
  };
}
