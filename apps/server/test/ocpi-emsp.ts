// The OCPI 2.2.1 eMSP stand-in for roaming tests; its parts are in ./ocpi-emsp/ (see index.ts).

export { startOcpiEmsp, emspToken, type OcpiEmsp } from './ocpi-emsp/index.js';
export { authorizationHeader } from './ocpi-emsp/transport.js';
export { invalidOcpiObject } from './ocpi-emsp/validators.js';
export {
  OCPI_VERSION,
  Status,
  type Allowed,
  type Answer,
  type CommandType,
  type Credentials,
  type CredentialsRole,
  type Endpoint,
  type Envelope,
  type ModuleId,
  type OcpiCall,
  type OcpiEmspOptions,
} from './ocpi-emsp/types.js';
