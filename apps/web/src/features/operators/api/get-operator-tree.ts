import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type OperatorTreeNode } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { operatorKeys } from './keys';

/** The active operators in reach, each with its sub-operators nested. */
export const getOperatorTree = (): Promise<OperatorTreeNode[]> =>
  unwrap(apiClient.get<Ok<OperatorTreeNode[]>>(API.operators.tree));

export const operatorTreeQueryOptions = () =>
  queryOptions({ queryKey: operatorKeys.tree(), queryFn: getOperatorTree });

export const useOperatorTree = () => useQuery(operatorTreeQueryOptions());
