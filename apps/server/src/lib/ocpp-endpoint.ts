/**
 * Voltline's OCPP endpoint as chargers are told it, from its public URL: ws:// or wss:// as the
 * URL says, and wss:// from security profile 2 on (TLS), without the charger's identity (a
 * NetworkConnectionProfile's ocppCsmsUrl).
 */
export function ocppEndpoint(publicUrl: string, securityProfile: number): string {
  const ws = `${publicUrl.replace(/\/+$/, '').replace(/^http/, 'ws')}/ocpp`;
  return securityProfile >= 2 ? ws.replace(/^ws:/, 'wss:') : ws;
}
