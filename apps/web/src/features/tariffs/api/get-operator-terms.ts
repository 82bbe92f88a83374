import { useQuery } from '@tanstack/react-query';
import { API, type Ok, type OperatorDetail } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';

/** How an operator states its prices: what the cost preview needs to price as the server does. */
export interface OperatorTerms {
  vatRate: number;
  pricesIncludeVat: boolean;
  timeZone: string;
}

const getOperatorTerms = async (id: number): Promise<OperatorTerms> => {
  const o = await unwrap(apiClient.get<Ok<OperatorDetail>>(API.operators.byId(id)));
  return { vatRate: o.vatRate, pricesIncludeVat: o.pricesIncludeVat, timeZone: o.timeZone };
};

export const useOperatorTerms = (operatorId: number | undefined) =>
  useQuery({
    // Under the operators' key: every change of an operator invalidates ['operators'], so a new
    // VAT rate or time zone reaches the preview at once.
    queryKey: ['operators', 'priceTerms', operatorId] as const,
    queryFn: () => getOperatorTerms(operatorId ?? 0),
    enabled: operatorId !== undefined && Number.isInteger(operatorId) && operatorId > 0,
  });
