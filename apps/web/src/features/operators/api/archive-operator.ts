import { API, type Ok, type OperatorDetail } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useOperatorMutation } from './use-operator-mutation';

/** Refused with 409 and the reason while the operator has active charge points or sub-operators. */
export const archiveOperator = (id: number): Promise<OperatorDetail> =>
  unwrap(apiClient.put<Ok<OperatorDetail>>(API.operators.archive(id)));

export const useArchiveOperator = () => useOperatorMutation(archiveOperator);
