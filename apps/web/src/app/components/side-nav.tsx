import { Layout, theme } from 'antd';
import { Link } from 'react-router';
import { SIDE_NAV_COLLAPSED_WIDTH, SIDE_NAV_WIDTH } from '../../config/theme';
import { useThemeStore } from '../../stores/theme-store';
import { BrandLogo } from '../../components/brand-logo';
import { NavMenu } from './nav-menu';
import { useNavCollapsed } from './use-nav-collapsed';

export function SideNav() {
  const [collapsed] = useNavCollapsed();
  const sideNavTheme = useThemeStore((s) => s.sideNavTheme);
  const dark = sideNavTheme === 'SIDE_NAV_DARK';
  const { token } = theme.useToken();
  return (
    <Layout.Sider
      width={SIDE_NAV_WIDTH}
      collapsedWidth={SIDE_NAV_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      theme={dark ? 'dark' : 'light'}
      className="side-nav"
      data-testid="side-nav"
    >
      <Link to="/" style={{ display: 'block', paddingInline: 24 }}>
        <BrandLogo compact={collapsed} color={dark ? '#fff' : token.colorText} />
      </Link>
      <NavMenu mode="inline" theme={dark ? 'dark' : 'light'} collapsed={collapsed} />
    </Layout.Sider>
  );
}
