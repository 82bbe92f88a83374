import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type Operator } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { operatorKeys } from './keys';

export const getArchivedOperators = (): Promise<Operator[]> =>
  unwrap(apiClient.get<Ok<Operator[]>>(API.operators.archived));

export const archivedOperatorsQueryOptions = () =>
  queryOptions({ queryKey: operatorKeys.archived(), queryFn: getArchivedOperators });

export const useArchivedOperators = (enabled = true) =>
  useQuery({ ...archivedOperatorsQueryOptions(), enabled });
