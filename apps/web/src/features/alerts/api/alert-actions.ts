import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ALERTS_API,
  type AlertDetail,
  type AlertRule,
  type AlertRuleUpdate,
  type Ok,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { alertKeys } from './keys';

export const acknowledgeAlert = (id: number): Promise<AlertDetail> =>
  unwrap(apiClient.post<Ok<AlertDetail>>(ALERTS_API.acknowledge(id)));
export const assignAlert = ({ id, userId }: { id: number; userId: number }): Promise<AlertDetail> =>
  unwrap(apiClient.post<Ok<AlertDetail>>(ALERTS_API.assign(id), { userId }));
export const commentAlert = ({ id, comment }: { id: number; comment: string }): Promise<AlertDetail> =>
  unwrap(apiClient.post<Ok<AlertDetail>>(ALERTS_API.comment(id), { comment }));
export const resolveAlert = ({ id, comment }: { id: number; comment: string | null }): Promise<AlertDetail> =>
  unwrap(apiClient.post<Ok<AlertDetail>>(ALERTS_API.resolve(id), { comment }));
export const updateRule = ({ id, ...body }: AlertRuleUpdate & { id: number }): Promise<AlertRule> =>
  unwrap(apiClient.put<Ok<AlertRule>>(ALERTS_API.rule(id), body));

/** One hook per step; each refreshes the alert, the list and the header's count. */
function useAlertMutation<T, R>(fn: (v: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export const useAcknowledgeAlert = () => useAlertMutation(acknowledgeAlert);
export const useAssignAlert = () => useAlertMutation(assignAlert);
export const useCommentAlert = () => useAlertMutation(commentAlert);
export const useResolveAlert = () => useAlertMutation(resolveAlert);
export const useUpdateRule = () => useAlertMutation(updateRule);
