import type {
  AlertHistoryEntry,
  AlertRule,
  AlertRuleUpdate,
  AlertState,
  AlertSubject,
} from '@voltline/contract';

/** The state's tag colour: open red, acknowledged orange, resolved green. */
export const STATE_COLORS: Record<AlertState, string> = {
  open: 'red',
  acknowledged: 'orange',
  resolved: 'green',
};

/**
 * The chargers an alert holds, in a line: their names up to `max`, then "+N". The list endpoint
 * gives a count only; an alert's page gives the names.
 */
export function chargerNames(subjects: Pick<AlertSubject, 'chargePointId' | 'chargePointName'>[], max = 3) {
  const names = subjects.map((s) =>
    s.chargePointName && s.chargePointName !== s.chargePointId
      ? `${s.chargePointName} (${s.chargePointId})`
      : s.chargePointId,
  );
  return { shown: names.slice(0, max), more: Math.max(0, names.length - max) };
}

/** A rule as its form shows it: delays in whole minutes, quiet hours as two `HH:MM` texts. */
export interface RuleFormValues {
  enabled: boolean;
  raiseAfterMinutes: number;
  clearAfterMinutes: number;
  /** Left out when the user may not list users: the rule keeps its recipients. */
  recipientUserIds?: number[];
  quietStart: string;
  quietEnd: string;
}

export function ruleToForm(rule: AlertRule): RuleFormValues {
  return {
    enabled: rule.enabled,
    raiseAfterMinutes: Math.round(rule.raiseAfterSeconds / 60),
    clearAfterMinutes: Math.round(rule.clearAfterSeconds / 60),
    recipientUserIds: rule.recipientUserIds,
    quietStart: rule.quietStart ?? '',
    quietEnd: rule.quietEnd ?? '',
  };
}

/** The form's values as the rule update: minutes to seconds, empty quiet hours to none. */
export function formToRule(v: RuleFormValues): AlertRuleUpdate {
  const time = (s: string) => (s.trim() ? s.trim() : null);
  return {
    enabled: v.enabled,
    raiseAfterSeconds: Math.round(v.raiseAfterMinutes * 60),
    clearAfterSeconds: Math.round(v.clearAfterMinutes * 60),
    ...(v.recipientUserIds ? { recipientUserIds: v.recipientUserIds } : {}),
    quietStart: time(v.quietStart),
    quietEnd: time(v.quietEnd),
  };
}

/** A delay in seconds in words' parts: whole hours and the minutes left ("1 h 30 min"). */
export function delayParts(seconds: number): { hours: number; minutes: number } {
  const minutes = Math.round(seconds / 60);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/**
 * A history line in words: the locale key (`history.<action>`), what it names, and the note shown
 * under it. The server keeps in `comment` the assignee's name (assigned), the charger that joined
 * (subjectAdded), who was mailed (notified), or the user's comment (commented, resolved).
 */
export function historyLine(entry: AlertHistoryEntry, system: string) {
  const user = entry.userName ?? system;
  const named = entry.action === 'assigned' || entry.action === 'subjectAdded' || entry.action === 'notified';
  return {
    key: `history.${entry.action}` as const,
    params: { user, what: named ? (entry.comment ?? '') : '' },
    note: named ? null : entry.comment,
  };
}
