import { describe, expect, it } from 'vitest';
import { AlertRuleUpdate, type AlertRule } from '@voltline/contract';
import { chargerNames, delayParts, formToRule, historyLine, ruleToForm } from './alert-words';

const rule: AlertRule = {
  id: 4,
  operatorId: 1,
  operatorName: 'Voltline',
  kind: 'charger_offline',
  enabled: true,
  raiseAfterSeconds: 600,
  clearAfterSeconds: 120,
  recipientUserIds: [],
  quietStart: null,
  quietEnd: null,
  updatedAt: '2026-11-27T10:00:00.000Z',
};

describe('alert words', () => {
  it('names the chargers, with their identity when the name differs, and counts the rest', () => {
    const subjects = [
      { chargePointId: 'CP-1', chargePointName: 'Lobby' },
      { chargePointId: 'CP-2', chargePointName: 'CP-2' },
      { chargePointId: 'CP-3', chargePointName: '' },
      { chargePointId: 'CP-4', chargePointName: 'Garage' },
    ];
    expect(chargerNames(subjects)).toEqual({ shown: ['Lobby (CP-1)', 'CP-2', 'CP-3'], more: 1 });
    expect(chargerNames(subjects.slice(0, 1))).toEqual({ shown: ['Lobby (CP-1)'], more: 0 });
  });

  it('shows delays in minutes and saves them in seconds', () => {
    const form = ruleToForm(rule);
    expect(form).toMatchObject({ raiseAfterMinutes: 10, clearAfterMinutes: 2, quietStart: '', quietEnd: '' });
    const body = formToRule({ ...form, raiseAfterMinutes: 1, quietStart: ' 22:00 ', quietEnd: '06:30' });
    expect(body).toEqual({
      enabled: true,
      raiseAfterSeconds: 60,
      clearAfterSeconds: 120,
      recipientUserIds: [],
      quietStart: '22:00',
      quietEnd: '06:30',
    });
    expect(AlertRuleUpdate.safeParse(body).success).toBe(true);
  });

  it('turns empty quiet hours into none, and one end alone is refused by the contract', () => {
    const none = formToRule({ ...ruleToForm(rule), quietStart: ' ', quietEnd: '' });
    expect(none).toMatchObject({ quietStart: null, quietEnd: null });
    expect(AlertRuleUpdate.safeParse(none).success).toBe(true);
    const half = formToRule({ ...ruleToForm(rule), quietStart: '22:00' });
    expect(AlertRuleUpdate.safeParse(half).success).toBe(false);
  });

  it('splits a delay into hours and minutes', () => {
    expect(delayParts(5400)).toEqual({ hours: 1, minutes: 30 });
    expect(delayParts(600)).toEqual({ hours: 0, minutes: 10 });
  });

  it("keeps the rule's recipients when the form could not offer them", () => {
    const { recipientUserIds: _, ...form } = ruleToForm({ ...rule, recipientUserIds: [7] });
    expect(formToRule(form)).not.toHaveProperty('recipientUserIds');
    expect(formToRule({ ...form, recipientUserIds: [] })).toHaveProperty('recipientUserIds', []);
  });

  it('words a history line: who did it, what it names, and the comment apart', () => {
    const base = { id: 1, at: '2026-11-27T10:00:00.000Z', userId: 3, userName: 'Ayşe Kaya', comment: null };
    expect(historyLine({ ...base, action: 'assigned', comment: 'Mehmet Demir' }, 'Voltline')).toEqual({
      key: 'history.assigned',
      params: { user: 'Ayşe Kaya', what: 'Mehmet Demir' },
      note: null,
    });
    expect(historyLine({ ...base, action: 'resolved', comment: 'Cable replaced' }, 'Voltline')).toEqual({
      key: 'history.resolved',
      params: { user: 'Ayşe Kaya', what: '' },
      note: 'Cable replaced',
    });
    expect(
      historyLine(
        { ...base, action: 'subjectAdded', userId: null, userName: null, comment: 'CP-9' },
        'Voltline',
      ),
    ).toEqual({ key: 'history.subjectAdded', params: { user: 'Voltline', what: 'CP-9' }, note: null });
  });
});
