import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Connector, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

export const setConnectorArchived = ({
  id,
  archived,
}: {
  id: number;
  archived: boolean;
}): Promise<Connector> =>
  unwrap(apiClient.put<Ok<Connector>>(archived ? API.connectors.archive : API.connectors.unarchive, { id }));

export function useSetConnectorArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setConnectorArchived,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
