import { Suspense } from 'react';
import { theme } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageButtons } from '../../components/language-buttons';
import { PageLoader } from '../../components/page-loader';
import { readable } from '../../config/readable-theme';
import './auth-layout.css';

const FEATURES = ['network', 'operators', 'roles'] as const;

/**
 * Signed-out pages: a brand panel beside the form, the language choice always at hand.
 * Plain elements rather than antd Layout/Typography keep the sign-in page's first load small.
 */
export function AuthLayout() {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  return (
    <div
      className="auth-layout"
      style={{
        background: token.colorBgLayout,
        color: token.colorText,
        ['--auth-link' as string]: token.colorPrimary,
      }}
    >
      <aside
        className="auth-brand"
        // The dark theme's primary is light: the panel starts from a shade that white text reads on.
        style={{
          background: `linear-gradient(135deg, ${readable(token.colorPrimary, ['#ffffff'], '#000000')}, #1d3a8a)`,
        }}
      >
        <BrandLogo color="#fff" />
        <div>
          <h2 className="auth-headline">{t('authLayout.headline')}</h2>
          <p className="auth-tagline">{t('authLayout.tagline')}</p>
          <ul className="auth-features">
            {FEATURES.map((f) => (
              <li key={f}>
                <CheckCircleFilled />
                <span>{t(`authLayout.features.${f}`)}</span>
              </li>
            ))}
          </ul>
        </div>
        <small className="auth-copyright">
          <bdi>{t('footer.copyright', { year: new Date().getFullYear() })}</bdi>
        </small>
      </aside>
      <main className="auth-main">
        <div className="auth-toolbar">
          <LanguageButtons />
        </div>
        <div className="auth-content">
          <div className="auth-card" style={{ background: token.colorBgContainer }}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
        </div>
      </main>
    </div>
  );
}
