import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Ok, type RefundResult } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export interface RefundRequest {
  pgTranId: string;
  /** Minor units. */
  amount: number;
  /** One per dialog: a retried or double-clicked refund is carried out once. */
  idempotencyKey: string;
}

export const refundPayment = ({ pgTranId, amount, idempotencyKey }: RefundRequest): Promise<RefundResult> =>
  unwrap(
    // Everything travels in the query; an empty JSON body keeps axios from declaring a form
    // body, which the server refuses (415).
    apiClient.post<Ok<RefundResult>>(
      API.payments.refund,
      {},
      {
        params: { pgTranId, amount },
        headers: { 'Idempotency-Key': idempotencyKey },
      },
    ),
  );

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
