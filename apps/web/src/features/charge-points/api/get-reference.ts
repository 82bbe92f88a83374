import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';

export interface Brand {
  name: string;
  models: string[];
}
export interface Country {
  id: string;
  name: string;
  flag: string;
}
export interface City {
  id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

const REFERENCE_STALE_MS = 30 * 60_000;

export const getBrands = (): Promise<Brand[]> => unwrap(apiClient.get<Ok<Brand[]>>(API.chargePoints.brands));
export const useBrands = () =>
  useQuery(
    queryOptions({ queryKey: ['reference', 'brands'], queryFn: getBrands, staleTime: REFERENCE_STALE_MS }),
  );

export const getModels = (brand: string): Promise<string[]> =>
  unwrap(apiClient.get<Ok<string[]>>(API.chargePoints.models, { params: { brand } }));
export const useModels = (brand: string | null | undefined) =>
  useQuery(
    queryOptions({
      queryKey: ['reference', 'models', brand ?? ''],
      queryFn: () => getModels(brand ?? ''),
      enabled: Boolean(brand),
      staleTime: REFERENCE_STALE_MS,
    }),
  );

export const getCountries = (): Promise<Country[]> =>
  unwrap(apiClient.get<Ok<Country[]>>(API.chargePoints.countries));
export const useCountries = () =>
  useQuery(
    queryOptions({
      queryKey: ['reference', 'countries'],
      queryFn: getCountries,
      staleTime: REFERENCE_STALE_MS,
    }),
  );

export const getCities = (countryId: string): Promise<City[]> =>
  unwrap(apiClient.get<Ok<City[]>>(API.chargePoints.cities(countryId)));
export const useCities = (countryId: string | null | undefined) =>
  useQuery(
    queryOptions({
      queryKey: ['reference', 'cities', countryId ?? ''],
      queryFn: () => getCities(countryId ?? ''),
      enabled: Boolean(countryId),
      staleTime: REFERENCE_STALE_MS,
    }),
  );
