import { create } from 'zustand';
import { useMinWidth } from '../../hooks/use-min-width';
import { useThemeStore } from '../../stores/theme-store';

/** Below this width (a 1024 px laptop or tablet) the side nav starts folded, leaving room for lists. */
export const NAV_UNFOLD_MIN_WIDTH = 1200;

/** On a narrow window the nav is unfolded only on request, for this visit: the saved choice is kept. */
const useNarrowOpen = create<{ open: boolean }>(() => ({ open: false }));

/** Whether the side nav is folded, and the header button's toggle. */
export function useNavCollapsed(): [collapsed: boolean, toggle: () => void] {
  const wide = useMinWidth(NAV_UNFOLD_MIN_WIDTH);
  const saved = useThemeStore((s) => s.navCollapsed);
  const setSetting = useThemeStore((s) => s.set);
  const narrowOpen = useNarrowOpen((s) => s.open);
  const collapsed = wide ? saved : !narrowOpen;
  const toggle = () =>
    wide ? setSetting('navCollapsed', !saved) : useNarrowOpen.setState({ open: !narrowOpen });
  return [collapsed, toggle];
}
