import { useMutation } from '@tanstack/react-query';
import { SMART_CHARGING_API, type CompositeScheduleResult, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';

/** Asks every member connector for its composite schedule (GetCompositeSchedule) over `duration` s. */
export const getCompositeSchedules = ({
  id,
  duration,
}: {
  id: number;
  duration: number;
}): Promise<CompositeScheduleResult[]> =>
  unwrap(
    apiClient.post<Ok<CompositeScheduleResult[]>>(SMART_CHARGING_API.compositeSchedules(id), { duration }),
  );

export const useCompositeSchedules = () => useMutation({ mutationFn: getCompositeSchedules });
