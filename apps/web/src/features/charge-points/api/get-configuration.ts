import { queryOptions, useQuery } from '@tanstack/react-query';
import { sendCommand } from './send-command';
import { chargePointKeys } from './keys';

export interface ConfigurationKey {
  key: string;
  readonly: boolean;
  value?: string;
}
export interface Configuration {
  configurationKey: ConfigurationKey[];
  unknownKey: string[];
}

/** GetConfiguration answered by the charger itself (not a stored copy), so only while it is connected. */
export async function getConfiguration(chargePointId: string): Promise<Configuration> {
  const answer = await sendCommand('getConfiguration', { chargePointId });
  const keys = Array.isArray(answer.configurationKey) ? (answer.configurationKey as ConfigurationKey[]) : [];
  const unknown = Array.isArray(answer.unknownKey) ? (answer.unknownKey as string[]) : [];
  return { configurationKey: [...keys].sort((a, b) => a.key.localeCompare(b.key)), unknownKey: unknown };
}

export const configurationQueryOptions = (chargePointId: string) =>
  queryOptions({
    queryKey: [...chargePointKeys.all, 'configuration', chargePointId] as const,
    queryFn: () => getConfiguration(chargePointId),
    retry: false,
    staleTime: 60_000,
  });

export const useConfiguration = (chargePointId: string, enabled: boolean) =>
  useQuery({ ...configurationQueryOptions(chargePointId), enabled });
