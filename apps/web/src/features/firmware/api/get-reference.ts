import { useQuery } from '@tanstack/react-query';
import { API, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';

// The charge point form's brand and model lookups, under the same query keys so they share a cache.
const REFERENCE_STALE_MS = 30 * 60_000;

export const useBrands = () =>
  useQuery({
    queryKey: ['reference', 'brands'],
    queryFn: () => unwrap(apiClient.get<Ok<{ name: string; models: string[] }[]>>(API.chargePoints.brands)),
    staleTime: REFERENCE_STALE_MS,
  });

export const useModels = (brand: string | null | undefined) =>
  useQuery({
    queryKey: ['reference', 'models', brand ?? ''],
    queryFn: () => unwrap(apiClient.get<Ok<string[]>>(API.chargePoints.models, { params: { brand } })),
    enabled: Boolean(brand),
    staleTime: REFERENCE_STALE_MS,
  });
