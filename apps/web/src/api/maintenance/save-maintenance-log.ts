import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAINTENANCE_API,
  type MaintenanceLog,
  type MaintenanceLogUpdate,
  type NewMaintenanceLog,
  type Ok,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../lib/api-client';
import { maintenanceKeys } from './keys';

export const addMaintenanceLog = (body: NewMaintenanceLog): Promise<MaintenanceLog> =>
  unwrap(apiClient.post<Ok<MaintenanceLog>>(MAINTENANCE_API.add, body));

export const updateMaintenanceLog = ({
  id,
  ...body
}: MaintenanceLogUpdate & { id: number }): Promise<MaintenanceLog> =>
  unwrap(apiClient.put<Ok<MaintenanceLog>>(MAINTENANCE_API.byId(id), body));

export const deleteMaintenanceLog = async (id: number): Promise<void> => {
  await apiClient.delete(MAINTENANCE_API.byId(id));
};

/** A change to the log: every list and history is read again. */
function useMaintenanceMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}

export const useAddMaintenanceLog = () => useMaintenanceMutation(addMaintenanceLog);
export const useUpdateMaintenanceLog = () => useMaintenanceMutation(updateMaintenanceLog);
export const useDeleteMaintenanceLog = () => useMaintenanceMutation(deleteMaintenanceLog);
