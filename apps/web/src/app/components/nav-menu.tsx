import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MENU_GROUPS, MENU_ROUTES, menuKeyFor } from '../../config/routes';
import { usePermissions } from '../../hooks/use-permission';
import { MENU_ICONS } from './menu-icons';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The menu is derived from the route table: only screens the user may open appear. */
export function NavMenu({
  mode,
  theme,
  collapsed = false,
}: {
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  /** A folded side nav opens no group: every open group would show as a popup at once. */
  collapsed?: boolean;
}) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const permissions = usePermissions();

  const items = useMemo<MenuItem[]>(
    () =>
      MENU_GROUPS.flatMap((group) => {
        const children = MENU_ROUTES.filter(
          (r) => r.menu?.group === group.key && (!r.permission || permissions.has(r.permission)),
        ).map((r) => ({
          key: r.menu?.key ?? r.path,
          icon: r.menu ? MENU_ICONS[r.menu.icon] : undefined,
          label: <Link to={r.path}>{t(r.menu?.label ?? '')}</Link>,
        }));
        if (children.length === 0) return [];
        return [{ key: group.key, icon: MENU_ICONS[group.icon], label: t(group.label), children }];
      }),
    [permissions, t],
  );

  const selected = menuKeyFor(pathname);
  return (
    <Menu
      // Drawn anew when the nav folds or unfolds, so an unfolded nav starts with its groups open.
      key={collapsed ? 'folded' : 'unfolded'}
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={mode === 'inline' && !collapsed ? MENU_GROUPS.map((g) => g.key) : undefined}
      style={{ borderInlineEnd: 'none', flex: 1, minWidth: 0, background: 'transparent' }}
    />
  );
}
