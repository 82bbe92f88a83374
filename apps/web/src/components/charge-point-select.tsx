import { chargePointChoices } from '../api/lookups';
import { RemoteSelect, type RemoteSelectProps } from './remote-select';

/** A charge point by its OCPP identity, found by id, name or address on the server. */
export const ChargePointSelect = (props: RemoteSelectProps<string>) => (
  <RemoteSelect source={chargePointChoices} {...props} />
);
