import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API,
  type Connector,
  type CreateConnectorBody,
  type Ok,
  type UpdateConnectorBody,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

export type SaveConnectorBody = CreateConnectorBody | UpdateConnectorBody;

/** POST adds a connector, PUT (a body with `id`) changes one. */
export const saveConnector = (body: SaveConnectorBody): Promise<Connector> =>
  unwrap(
    'id' in body
      ? apiClient.put<Ok<Connector>>(API.connectors.base, body)
      : apiClient.post<Ok<Connector>>(API.connectors.base, body),
  );

export function useSaveConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConnector,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
