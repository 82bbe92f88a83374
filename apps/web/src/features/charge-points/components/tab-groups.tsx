import { Tabs } from 'antd';
import type { ReactNode } from 'react';

/**
 * The detail page's tabs, grouped (issue #34): a 2.0.1 charger has a dozen and more, which no tab
 * strip holds. Each tab keeps its own key, so every `?tab=<key>` and `/<tab>` address still opens
 * it; a group opens at its first tab.
 */
export const TAB_GROUPS = [
  { key: 'overview', tabs: ['info', 'connectors', 'analytics'] },
  { key: 'activity', tabs: ['faults', 'events', 'connections', 'commands'] },
  { key: 'settings', tabs: ['configuration', 'monitors', 'displayMessages'] },
  { key: 'security', tabs: ['security'] },
  { key: 'logs', tabs: ['messageTrace', 'maintenance'] },
] as const;

export interface TabItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

const groupOf = (tab: string) => TAB_GROUPS.find((g) => (g.tabs as readonly string[]).includes(tab));

/**
 * The tab to show for the address's tab: itself when the user sees it, else the first tab of its
 * group the user sees (a shared link to a tab their role does not show), else the first of all.
 */
export function shownTab(items: TabItem[], tab: string): string {
  if (items.some((i) => i.key === tab)) return tab;
  const group = groupOf(tab);
  const inGroup = group?.tabs.find((k) => items.some((i) => i.key === k));
  return inGroup ?? items[0]?.key ?? tab;
}

/** Top-level tabs of the groups the user sees, each with its own tabs beneath when it has several. */
export function GroupedTabs({
  items,
  active,
  onSelect,
  groupLabel,
}: {
  items: TabItem[];
  active: string;
  onSelect: (tab: string) => void;
  groupLabel: (group: string) => string;
}) {
  const groups = TAB_GROUPS.flatMap((g) => {
    const tabs = g.tabs.flatMap((k) => items.filter((i) => i.key === k));
    const first = tabs[0];
    if (!first) return [];
    const selected = tabs.some((i) => i.key === active) ? active : first.key;
    return [
      {
        key: g.key,
        first: first.key,
        // A group of one tab is that tab, under the tab's own name.
        label: tabs.length === 1 ? first.label : groupLabel(g.key),
        children:
          tabs.length === 1 ? (
            first.children
          ) : (
            <Tabs
              size="small"
              activeKey={selected}
              onChange={onSelect}
              items={tabs}
              destroyOnHidden
              data-testid={`cp-tabs-${g.key}`}
            />
          ),
      },
    ];
  });
  const activeGroup = groups.find((g) => g.key === groupOf(active)?.key) ?? groups[0];
  return (
    <Tabs
      activeKey={activeGroup?.key}
      onChange={(key) => {
        const group = groups.find((g) => g.key === key);
        if (group) onSelect(group.first);
      }}
      items={groups.map(({ key, label, children }) => ({ key, label, children }))}
      destroyOnHidden
      data-testid="cp-tabs"
    />
  );
}
