/**
 * Paths of the alerts API (issue #33), apart from their schemas (alerts.ts): the portal's header
 * asks for the count on every screen, and must not load zod and the contract's schemas with it.
 */
export const ALERTS_API = {
  /** GET AlertListQuery: alerts in reach, newest first, a page at a time. */
  list: 'portal/Alerts',
  /** GET: the open and acknowledged alerts in reach (the header's count). */
  count: 'portal/Alerts/count',
  /** GET: one alert with its chargers and history. */
  byId: (id: number | string) => `portal/Alerts/${id}`,
  acknowledge: (id: number | string) => `portal/Alerts/${id}/acknowledge`,
  /** POST AlertAssignBody. */
  assign: (id: number | string) => `portal/Alerts/${id}/assign`,
  /** POST AlertCommentBody. */
  comment: (id: number | string) => `portal/Alerts/${id}/comment`,
  /** POST AlertCommentBody (the comment optional). */
  resolve: (id: number | string) => `portal/Alerts/${id}/resolve`,
  /** GET: the alert rules of the operators in reach. */
  rules: 'portal/Alerts/rules',
  /** PUT AlertRuleUpdate. */
  rule: (id: number | string) => `portal/Alerts/rules/${id}`,
} as const;
