import { API, type Ok, type OperatorDetail, type UpdateOperatorBody } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useOperatorMutation } from './use-operator-mutation';

export const updateOperator = (body: UpdateOperatorBody): Promise<OperatorDetail> =>
  unwrap(apiClient.put<Ok<OperatorDetail>>(API.operators.update, body));

export const useUpdateOperator = () => useOperatorMutation(updateOperator);
