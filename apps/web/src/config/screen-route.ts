import type { ComponentType, LazyExoticComponent } from 'react';
import type { Permission } from '@voltline/contract';

// The shape of a screen in the route table. Features declare their screens with it, and
// config/routes.tsx gathers them; it imports no feature, so no import runs in a circle.

/** Menu icons are named here and drawn by the signed-in frame (app/components/menu-icons.tsx). */
export type MenuIcon =
  | 'Api'
  | 'Apartment'
  | 'Audit'
  | 'CloudSync'
  | 'CloudUpload'
  | 'Cluster'
  | 'BarChart'
  | 'Bell'
  | 'Calendar'
  | 'CreditCard'
  | 'Dashboard'
  | 'Dollar'
  | 'Environment'
  | 'FileSearch'
  | 'Global'
  | 'Idcard'
  | 'LineChart'
  | 'SafetyCertificate'
  | 'Setting'
  | 'Team'
  | 'Thunderbolt'
  | 'Tool';

export interface ScreenRoute {
  /** Absolute path (spec §2). */
  path: string;
  screen: LazyExoticComponent<ComponentType>;
  /** Needed to open the screen; without it the screen and its menu entry are not offered. */
  permission?: Permission;
  layout?: 'main' | 'blank';
  menu?: { key: string; label: string; group: MenuGroupKey; icon: MenuIcon };
}

/** Menu sections in the order they appear; a section shows only when one of its screens is offered. */
export const MENU_GROUPS = [
  { key: 'dashboards', label: 'menu.dashboards', icon: 'Dashboard' },
  { key: 'reports', label: 'menu.reports', icon: 'BarChart' },
  { key: 'management', label: 'menu.management', icon: 'Setting' },
  { key: 'logs', label: 'menu.logs', icon: 'FileSearch' },
  { key: 'integrations', label: 'menu.integrations', icon: 'Api' },
] as const;
export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];
