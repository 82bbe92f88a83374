import { API, type Ok, type OperatorDetail } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useOperatorMutation } from './use-operator-mutation';

export const unarchiveOperator = (operatorId: number): Promise<OperatorDetail> =>
  unwrap(apiClient.put<Ok<OperatorDetail>>(API.operators.unarchive, undefined, { params: { operatorId } }));

export const useUnarchiveOperator = () => useOperatorMutation(unarchiveOperator);
