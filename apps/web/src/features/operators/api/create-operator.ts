import { API, type CreateOperatorBody, type Ok, type OperatorDetail } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useOperatorMutation } from './use-operator-mutation';

/** The operator and its merchant, saved in one transaction. */
export const createOperator = (body: CreateOperatorBody): Promise<OperatorDetail> =>
  unwrap(apiClient.post<Ok<OperatorDetail>>(API.operators.add, body));

export const useCreateOperator = () => useOperatorMutation(createOperator);
