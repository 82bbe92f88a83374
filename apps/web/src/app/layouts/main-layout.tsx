import { lazy, Suspense, useState } from 'react';
import { Layout, theme, Typography } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/get-config';
import { PageLoader } from '../../components/page-loader';
import { useThemeStore } from '../../stores/theme-store';
import { HeaderBar } from '../components/header-bar';
import { SideNav } from '../components/side-nav';
import './main-layout.css';

// The settings drawer (colour picker, switches) loads when it is first opened, not with every
// screen: its components weigh more than any other part of the frame.
const SettingsDrawer = lazy(() =>
  import('../components/settings-drawer').then((m) => ({ default: m.SettingsDrawer })),
);

export default function MainLayout() {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const navType = useThemeStore((s) => s.navType);
  const gutter = useThemeStore((s) => s.gutter);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from its first opening on, so it closes with its animation like any drawer.
  const [settingsUsed, setSettingsUsed] = useState(false);
  const { data: config } = useConfig();

  return (
    <Layout style={{ minHeight: '100vh' }} data-nav-type={navType}>
      {navType === 'SIDE' && <SideNav />}
      <Layout style={{ minWidth: 0 }}>
        <HeaderBar
          onOpenSettings={() => {
            setSettingsUsed(true);
            setSettingsOpen(true);
          }}
        />
        <Layout.Content style={{ padding: gutter * 1.5, background: token.colorBgLayout }}>
          <div style={{ maxWidth: 1440, marginInline: 'auto' }}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', background: token.colorBgLayout }}>
          {/* Each piece isolated, so a right-to-left page keeps "© 2026 Voltline" and the version whole. */}
          <Typography.Text type="secondary" data-testid="footer">
            <bdi>{t('footer.copyright', { year: new Date().getFullYear() })}</bdi>
            {config && (
              <>
                {' · '}
                <bdi>{t('footer.version', { version: config.version })}</bdi>
              </>
            )}
          </Typography.Text>
        </Layout.Footer>
      </Layout>
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}
