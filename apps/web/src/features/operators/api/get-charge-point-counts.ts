import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type ChargePointLight, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { countChargePoints } from '../archive-rules';
import { operatorKeys } from './keys';

/** Active charge points per operator in reach: an operator that still runs some cannot be archived. */
export const getChargePointCounts = async (): Promise<Map<number, number>> =>
  countChargePoints(
    await unwrap(apiClient.get<Ok<ChargePointLight[]>>(API.chargePoints.lightweight, { silent: true })),
  );

export const chargePointCountsQueryOptions = () =>
  queryOptions({ queryKey: operatorKeys.chargePointCounts(), queryFn: getChargePointCounts });

export const useChargePointCounts = (enabled: boolean) =>
  useQuery({ ...chargePointCountsQueryOptions(), enabled });
