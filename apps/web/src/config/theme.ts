export const SIDE_NAV_WIDTH = 250;
export const SIDE_NAV_COLLAPSED_WIDTH = 80;
export const GUTTER = 16;
export const DEFAULT_TOP_NAV_COLOR = '#3e82f7';
export const TOP_NAV_COLORS = ['#3e82f7', '#0f766e', '#7c3aed', '#db2777', '#ea580c', '#1f2937'] as const;

export const NAV_TYPES = ['SIDE', 'TOP'] as const;
export type NavType = (typeof NAV_TYPES)[number];
export const SIDE_NAV_THEMES = ['SIDE_NAV_LIGHT', 'SIDE_NAV_DARK'] as const;
export type SideNavTheme = (typeof SIDE_NAV_THEMES)[number];
export type Direction = 'ltr' | 'rtl';
export type ThemeMode = 'light' | 'dark';
