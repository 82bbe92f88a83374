import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS, type Locale } from '@voltline/contract';
import {
  DEFAULT_TOP_NAV_COLOR,
  GUTTER,
  type Direction,
  type NavType,
  type SideNavTheme,
  type ThemeMode,
} from '../config/theme';
import { getStoredLocale, storeLocale } from '../lib/storage';

export interface ThemeSettings {
  navCollapsed: boolean;
  sideNavTheme: SideNavTheme;
  navType: NavType;
  locale: Locale;
  direction: Direction;
  currentTheme: ThemeMode;
  topNavColor: string;
  gutter: number;
}

interface ThemeState extends ThemeSettings {
  set: <K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]) => void;
  setLocale: (locale: Locale) => void;
  reset: () => void;
}

export const DEFAULT_THEME: Omit<ThemeSettings, 'locale'> = {
  navCollapsed: false,
  sideNavTheme: 'SIDE_NAV_LIGHT',
  navType: 'SIDE',
  direction: 'ltr',
  currentTheme: 'light',
  topNavColor: DEFAULT_TOP_NAV_COLOR,
  gutter: GUTTER,
};

/** Theme settings survive reloads; the locale is kept under FELOCALE/BELOCALE (spec §9), not here. */
export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      ...DEFAULT_THEME,
      locale: getStoredLocale() ?? 'en',
      set: (key, value) => set({ [key]: value } as Partial<ThemeSettings>),
      setLocale: (locale) => {
        storeLocale(locale);
        set({ locale });
      },
      reset: () => set({ ...DEFAULT_THEME }),
    }),
    {
      name: STORAGE_KEYS.theme,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ navCollapsed, sideNavTheme, navType, direction, currentTheme, topNavColor }) => ({
        navCollapsed,
        sideNavTheme,
        navType,
        direction,
        currentTheme,
        topNavColor,
      }),
    },
  ),
);
