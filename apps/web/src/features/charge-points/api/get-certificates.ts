import { useMutation, useQuery } from '@tanstack/react-query';
import { SECURITY_API, type CertificateInfo, type InstalledCertificate, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** The root certificates a charge point reported or accepted. */
export const getCertificates = (id: number): Promise<InstalledCertificate[]> =>
  unwrap(apiClient.get<Ok<InstalledCertificate[]>>(SECURITY_API.certificates(id)));

export const useCertificates = (id: number) =>
  useQuery({ queryKey: chargePointKeys.certificates(id), queryFn: () => getCertificates(id) });

/**
 * Checks a PEM root certificate on the server and names it as a charger will (hash data). Silent:
 * the dialog shows a refusal under the certificate field.
 */
export const inspectCertificate = (certificate: string): Promise<CertificateInfo> =>
  unwrap(apiClient.post<Ok<CertificateInfo>>(SECURITY_API.inspect, { certificate }, { silent: true }));

export const useInspectCertificate = () => useMutation({ mutationFn: inspectCertificate });
