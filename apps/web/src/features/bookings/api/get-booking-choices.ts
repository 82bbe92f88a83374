import { useQuery } from '@tanstack/react-query';
import { API, type ChargePoint, type DriverDetail, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/** The chosen driver's cards, for the add form. */
export const getDriverCards = async (driverId: number) =>
  (await unwrap(apiClient.get<Ok<DriverDetail>>(API.drivers.byId(driverId)))).rfidCards;

export const useDriverCards = (driverId: number | undefined) =>
  useQuery({
    queryKey: bookingKeys.driverCards(driverId ?? 0),
    queryFn: () => getDriverCards(driverId!),
    enabled: driverId !== undefined,
  });

/** The chosen charge point's connectors and connection, for the add form. */
export const getChargePointForBooking = (chargePointId: string) =>
  unwrap(apiClient.get<Ok<ChargePoint>>(API.chargePoints.byId(chargePointId)));

export const useChargePointForBooking = (chargePointId: string | undefined) =>
  useQuery({
    queryKey: bookingKeys.connectors(chargePointId ?? ''),
    queryFn: () => getChargePointForBooking(chargePointId!),
    enabled: chargePointId !== undefined,
  });
