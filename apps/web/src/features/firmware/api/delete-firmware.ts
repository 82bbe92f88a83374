import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FIRMWARE_API } from '@voltline/contract';
import { firmwareKeys } from '../../../api/firmware/keys';
import { apiClient } from '../../../lib/api-client';

/** Removes an image and its file; the server refuses (409) while a campaign sends it. */
export const deleteFirmware = async (id: number): Promise<void> => {
  await apiClient.delete(FIRMWARE_API.byId(id));
};

export function useDeleteFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFirmware,
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.all }),
  });
}
