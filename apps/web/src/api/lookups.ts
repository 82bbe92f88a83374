import { useQuery } from '@tanstack/react-query';
import {
  API,
  type ChargePoint,
  type Driver,
  type Ok,
  type OperatorSummary,
  type Page,
  type Permission,
  PAGE_SIZE,
} from '@voltline/contract';
import { apiClient, unwrap } from '../lib/api-client';
import { useCan } from '../hooks/use-permission';

// Lookups that feed the report filters. Charge points and drivers are searched on the server
// (RemoteSelect) and need their area's read permission, so a role without it (a Site Safety
// Officer has no driver list) gets no request and no filter.
const FIVE_MINUTES = 5 * 60_000;

export const getOperatorLookup = (): Promise<OperatorSummary[]> =>
  unwrap(apiClient.get<Ok<OperatorSummary[]>>(API.operators.lookup, { silent: true }));
/** Any signed-in user may list the operators in their reach. */
export const useOperatorOptions = () =>
  useQuery({ queryKey: ['lookup', 'operators'], queryFn: getOperatorLookup, staleTime: FIVE_MINUTES });

/** One record offered by a search: what is chosen and what the user reads. */
export interface Choice<V> {
  value: V;
  label: string;
}

/** Where a RemoteSelect finds its records, and the area the user must be allowed to read. */
export interface RemoteChoices<V> {
  key: string;
  permission: Permission;
  /** The first records in reach matching `search` (all records' first ones when empty). */
  find: (search: string) => Promise<Choice<V>[]>;
  /** The label of a chosen record that is not among the matches (after a reload). */
  labelOf: (value: V) => Promise<string>;
  /** What the chosen record shows until its label has arrived, or when it cannot be found. */
  placeholder: (value: V, notFound: boolean) => string;
}

/**
 * How many records a search offers: one page, as every list asks (spec: size=10); typing narrows
 * it down, so any record can be found.
 */
export const REMOTE_MATCHES = PAGE_SIZE;

const page = <T>(path: string, filter: object) =>
  unwrap(
    apiClient.post<Ok<Page<T>>>(path, filter, {
      params: { index: 0, size: REMOTE_MATCHES },
      silent: true,
    }),
  );

export const driverChoices: RemoteChoices<number> = {
  key: 'drivers',
  permission: 'drivers:read',
  find: async (search) =>
    (
      await page<Driver>(API.drivers.dynamic, {
        search: search || undefined,
        sortBy: 'name',
        sortOrder: 'asc',
      })
    ).items.map((d) => ({ value: d.id, label: `${d.name} ${d.surname}` })),
  labelOf: async (id) => {
    const d = await unwrap(apiClient.get<Ok<Driver>>(API.drivers.byId(id), { silent: true }));
    return `${d.name} ${d.surname}`;
  },
  placeholder: (id, notFound) => (notFound ? `#${id}` : '…'),
};

const chargePointLabel = (c: { chargePointId: string; name: string | null }) =>
  c.name && c.name !== c.chargePointId ? `${c.name} (${c.chargePointId})` : c.chargePointId;

const findChargePoints = async (search: string) =>
  (await page<ChargePoint>(API.chargePoints.allDynamic, { search: search || undefined })).items;

export const chargePointChoices: RemoteChoices<string> = {
  key: 'chargePoints',
  permission: 'chargePoints:read',
  find: async (search) =>
    (await findChargePoints(search)).map((c) => ({ value: c.chargePointId, label: chargePointLabel(c) })),
  labelOf: async (chargePointId) => {
    const found = (await findChargePoints(chargePointId)).find(
      (c) => c.chargePointId.toLowerCase() === chargePointId.toLowerCase(),
    );
    return found ? chargePointLabel(found) : chargePointId;
  },
  placeholder: (chargePointId) => chargePointId,
};

/** The records matching what the user typed, and the chosen record's label. */
export function useRemoteChoices<V>(source: RemoteChoices<V>, search: string, selected: V | undefined) {
  const allowed = useCan(source.permission);
  const matches = useQuery({
    queryKey: ['lookup', source.key, 'search', search],
    queryFn: () => source.find(search),
    staleTime: FIVE_MINUTES,
    enabled: allowed,
  });
  const chosen = useQuery({
    queryKey: ['lookup', source.key, 'label', selected],
    queryFn: () => source.labelOf(selected as V),
    staleTime: FIVE_MINUTES,
    enabled: allowed && selected !== undefined,
    // A record gone or out of reach (a link from elsewhere) is not retried; it shows its id.
    retry: false,
  });
  const chosenLabel =
    selected === undefined ? undefined : (chosen.data ?? source.placeholder(selected, chosen.isError));
  return { allowed, matches, chosenLabel };
}
