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
    commands: (id: number | string) => `portal/ChargePoint/${id}/commands`,
    /** GET: profile and issued certificates; POST {profile}: raise the profile. */
    securityProfile: (id: number | string) => `portal/ChargePoint/${id}/SecurityProfile`,
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
} as const;
