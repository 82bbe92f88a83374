import { describe, expect, it } from 'vitest';
import { TAB_GROUPS, shownTab, type TabItem } from './tab-groups';

const items = (...keys: string[]): TabItem[] => keys.map((key) => ({ key, label: key, children: null }));

describe('charge point detail tabs in groups', () => {
  it('puts every tab of the page in exactly one group', () => {
    const all = TAB_GROUPS.flatMap((g) => g.tabs as readonly string[]);
    expect(new Set(all).size).toBe(all.length);
    for (const key of [
      'info',
      'connectors',
      'configuration',
      'messageTrace',
      'analytics',
      'faults',
      'events',
      'monitors',
      'connections',
      'commands',
      'maintenance',
      'security',
      'displayMessages',
    ]) {
      expect(all).toContain(key);
    }
  });

  it('opens the tab an address names, and a tab the role does not show at the first of its group', () => {
    const shown = items('info', 'connectors', 'faults', 'connections', 'security');
    expect(shownTab(shown, 'connections')).toBe('connections');
    // A Finance user's link to ?tab=commands lands among the activity tabs they see.
    expect(shownTab(shown, 'commands')).toBe('faults');
    expect(shownTab(shown, 'messageTrace')).toBe('info');
    expect(shownTab(shown, 'nonsense')).toBe('info');
  });
});
