import { useQuery } from '@tanstack/react-query';
import { ALERTS_API, type AlertRule, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { alertKeys } from './keys';

export const getRules = (): Promise<AlertRule[]> => unwrap(apiClient.get<Ok<AlertRule[]>>(ALERTS_API.rules));

export const useRules = (enabled: boolean) =>
  useQuery({ queryKey: alertKeys.rules(), queryFn: getRules, enabled });
