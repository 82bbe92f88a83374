/** API paths (relative to `/api/`), written as the spec writes them; the server matches them case-insensitively. */
export const API = {
  auth: {
    login: 'portal/Auth/login',
    forgot: 'portal/Auth/forgot',
    resetPassword: 'portal/User/forgotchangepassword',
    refreshToken: 'portal/auth/refreshToken',
    logout: 'auth/logout',
    register: 'portal/Auth/register',
    /** The e-mailed registration link's token as the bearer: creates the network, signs in. */
    registerConfirm: 'portal/Auth/register/confirm',
    me: 'portal/Auth/me',
    config: 'portal/config',
  },
  users: {
    list: 'portal/user',
    dynamic: 'portal/user/GetUsersDynamic',
    excel: 'portal/user/GetAllUsersExcel',
    byId: (id: number | string) => `portal/user/${id}`,
    save: 'portal/user',
  },
  operators: {
    lookup: 'portal/operator/lookup',
    tree: 'portal/operator/suboperators',
    archived: 'portal/operator/suboperatorsarchived',
    byId: (id: number | string) => `portal/operator/${id}`,
    archive: (id: number | string) => `portal/Operator/ArchiveOperator/${id}`,
    /** PUT with `?operatorId=`. */
    unarchive: 'portal/Operator/UnarchiveOperator',
    add: 'portal/operator/AddOperatorWithMerchantAsync',
    update: 'portal/operator/UpdateOperatorWithMerchantAsync',
    drivers: (id: number | string) => `portal/Operator/getDriversByOperatorId/${id}`,
  },
  drivers: {
    list: 'portal/driver',
    dynamic: 'portal/Driver/GetDriversDynamic',
    excel: 'portal/Driver/GetDriversExcel',
    byId: (id: number | string) => `portal/driver/${id}`,
    /** POST (add) and PUT (update) */
    save: 'portal/Driver',
    address: 'portal/driver/address',
    addressById: (id: number | string) => `portal/driver/address/${id}`,
    addresses: 'portal/driver/addresses',
    vehicle: 'portal/driver/vehicle',
    vehicleById: (id: number | string) => `portal/driver/vehicle/${id}`,
    vehicles: 'portal/driver/vehicles',
    /** GET: a driver's cards; POST (add) and PUT (update) a card */
    cards: 'portal/driver/RFIDCards',
    cardsOf: (driverId: number | string) => `portal/driver/RFIDCards/${driverId}`,
    /** DELETE archives the card */
    cardById: (cardId: number | string) => `portal/driver/RFIDCards/${cardId}`,
    unarchiveCard: (cardId: number | string) => `portal/driver/RFIDCards/Unarchive/${cardId}`,
    balance: 'portal/driver/balance',
    ledger: (id: number | string) => `portal/driver/${id}/balance`,
    manageStatus: 'portal/driver/manageStatus',
    statusHistory: (id: number | string) => `portal/driver/${id}/statusHistory`,
    /** POST: ask chargers what they hold about the driver's cards (N09/N10); GET ?index&size: the requests, newest first. */
    customerInformation: (id: number | string) => `portal/Driver/${id}/customerInformation`,
  },
  chargePoints: {
    all: 'portal/ChargePoint',
    lightweight: 'portal/ChargePoint/GetAllChargePointsLightweight',
    allDynamic: 'portal/ChargePoint/GetAllChargePointsDynamic',
    deletedDynamic: 'portal/ChargePoint/GetDeletedChargePointsDynamic',
    inactiveDynamic: 'portal/ChargePoint/GetInactiveChargePointsDynamic',
    activeDynamic: 'portal/ChargePoint/GetActiveChargePointsDynamic',
    excel: 'portal/ChargePoint/GetAllChargePointsExcel',
    byId: (id: number | string) => `portal/ChargePoint/${id}`,
    save: 'portal/ChargePoint',
    unarchive: 'portal/ChargePoint/UnarchiveChargepoint',
    resetPassword: (id: number | string) => `portal/ChargePoint/${id}/password`,
    connections: (id: number | string) => `portal/ChargePoint/${id}/connections`,
    /** GET ?index&size: the charge point's faults, newest first. */
    faults: (id: number | string) => `portal/ChargePoint/${id}/faults`,
    /** GET ?index&size&component&trigger&severity: the events its device model reported, newest first. */
    events: (id: number | string) => `portal/ChargePoint/${id}/events`,
    commands: (id: number | string) => `portal/ChargePoint/${id}/commands`,
    /** GET: profile and issued certificates; POST {profile}: raise the profile. */
    securityProfile: (id: number | string) => `portal/ChargePoint/${id}/SecurityProfile`,
    /** OCPP 2.0.1. POST: SetNetworkProfile of one slot (B09). */
    networkProfile: (id: number | string) => `portal/ChargePoint/${id}/NetworkProfile`,
    /** OCPP 2.0.1. POST {priority}: NetworkConfigurationPriority, then a Reset (B10). */
    networkPriority: (id: number | string) => `portal/ChargePoint/${id}/NetworkProfile/priority`,
    /** OCPP 2.0.1 device model. GET ?search: the stored model; POST refresh, setVariables, getVariables. */
    deviceModel: (id: number | string) => `portal/ChargePoint/${id}/DeviceModel`,
    deviceModelRefresh: (id: number | string) => `portal/ChargePoint/${id}/DeviceModel/refresh`,
    deviceModelReport: (id: number | string) => `portal/ChargePoint/${id}/DeviceModel/report`,
    setVariables: (id: number | string) => `portal/ChargePoint/${id}/DeviceModel/setVariables`,
    getVariables: (id: number | string) => `portal/ChargePoint/${id}/DeviceModel/getVariables`,
    /** GET: the display messages the charger holds, as Voltline last learned them (O01-O06). */
    displayMessages: (id: number | string) => `portal/ChargePoint/${id}/displayMessages`,
    /** OCPP 2.0.1 (K09). POST {evseId, purpose, stackLevel, sources}: GetChargingProfiles. */
    profilesReport: (id: number | string) => `portal/ChargePoint/${id}/chargingProfiles/report`,
    /** GET: the profiles of the charger's last report (K09). */
    profilesReported: (id: number | string) => `portal/ChargePoint/${id}/chargingProfiles/reported`,
    /** GET: external limits on the charger (K12) and what cars asked for (K15–K17). */
    chargingLimits: (id: number | string) => `portal/ChargePoint/${id}/chargingLimits`,
    /** OCPP 2.0.1 monitoring (N02-N06). GET: the stored monitors; POST: set one (SetVariableMonitoring). */
    monitors: (id: number | string) => `portal/ChargePoint/${id}/monitors`,
    /** DELETE: ClearVariableMonitoring of one monitor, by the charger's id of it. */
    monitor: (id: number | string, monitorId: number | string) =>
      `portal/ChargePoint/${id}/monitors/${monitorId}`,
    /** POST {criteria, components}: GetMonitoringReport. */
    monitorsReport: (id: number | string) => `portal/ChargePoint/${id}/monitors/report`,
    /** PUT {base, level}: SetMonitoringBase and/or SetMonitoringLevel. */
    monitoring: (id: number | string) => `portal/ChargePoint/${id}/monitoring`,
    /** GET: a sheet of QR payment stickers (PDF), one per connector in use (issue #30); 409 with none. */
    qrStickers: (id: number | string) => `portal/ChargePoint/${id}/qr-stickers`,
    analytics: 'portal/Analytics/Chargepoint',
    profiles: (id: number | string) => `portal/Profile/${id}`,
    brands: 'portal/Brand/getBrands',
    models: 'portal/Enum/getChargePointModels',
    countries: 'portal/Country',
    cities: (countryId: string) => `portal/Country/GetCities/${countryId}`,
    /**
     * Unknown chargers held for approval (Admin): list; approve into an operator, or delete. The
     * pending charger's id is in the body: it names no operator's record.
     */
    pending: 'portal/ChargePoint/Pending',
    approvePending: 'portal/ChargePoint/Pending/Approve',
    rejectPending: 'portal/ChargePoint/Pending/Reject',
  },
  connectors: {
    base: 'portal/connector',
    archive: 'portal/connector/archive',
    unarchive: 'portal/connector/unarchive',
    analytics: 'portal/Analytics/Connector',
  },
  tariffs: {
    base: 'portal/tariff',
    byId: (id: number | string) => `portal/tariff/${id}`,
    forChargePoint: (id: number | string) => `portal/tariff/GetChargePointAvailableTariffs/${id}`,
  },
  sessions: {
    dynamic: 'portal/Transaction/GetTransactionsDynamic',
    excel: 'portal/Transaction/GetTransactionsExcel',
    activeExcel: 'portal/Transaction/GetActiveTransactionsExcel',
    byId: (id: number | string) => `portal/Transaction/${id}`,
    meterValues: (id: number | string) => `portal/Transaction/${id}/meterValues`,
    staleRule: 'portal/Transaction/staleRule',
    close: (id: number | string) => `portal/Transaction/${id}/close`,
    review: (id: number | string) => `portal/Transaction/${id}/review`,
  },
  payments: {
    dynamic: 'portal/Payment/GetPaymentTransactions',
    excel: 'portal/Payment/GetPaymentTransactionsExcel',
    refund: 'Payment/refund',
    topUp: 'portal/Payment/topup',
  },
  analytics: {
    dashboard: 'portal/analytics',
    map: 'portal/analytics/map',
  },
  commands: {
    send: (command: string) => `ocpp/RemoteTrigger/${command}`,
    /** POST: one display message to several chargers, answered per charger (O01). */
    displayMessages: 'portal/DisplayMessages',
    /** GET: what became of a remote start the charger accepted (started, refused, timed out). */
    remoteStartOutcome: (id: number | string) => `portal/Command/${id}/remoteStartOutcome`,
  },
  ocppLogs: {
    list: 'messageTrace/OcppLogs/getLogs',
    pairs: 'messageTrace/OcppLogs/getLogsRequestResponse',
  },
  diagnostics: {
    /** GET with query (index, size, chargePointId, operatorId, status, from, to); POST with the same as body. */
    list: 'portal/Ftp/GetLogs',
    download: (id: number | string) => `portal/Ftp/Diagnostics/${id}/download`,
    /** GET and PUT */
    retention: 'portal/Ftp/DiagnosticsRetention',
  },
  audit: {
    dynamic: (userId: number | string) => `portal/AuditLogs/GetUserAuditLogsDynamic/${userId}`,
    excel: 'portal/AuditLogs/GetUserAuditLogsExcel',
    list: 'portal/AuditLogs/GetAuditLogsDynamic',
    listExcel: 'portal/AuditLogs/GetAuditLogsExcel',
    users: 'portal/AuditLogs/GetAuditUsers',
  },
  /** The event feed for systems that pull (issue #32): GET ?after=&limit=&type= */
  events: { feed: 'events' },
  /** GET ?q: charge points, drivers, cards, users, sessions and operators the user may see. */
  search: 'portal/Search',
} as const;
