import { driverChoices } from '../api/lookups';
import { RemoteSelect, type RemoteSelectProps } from './remote-select';

/** A driver, found by name, e-mail, phone or card number on the server. */
export const DriverSelect = (props: RemoteSelectProps<number>) => (
  <RemoteSelect source={driverChoices} {...props} />
);
