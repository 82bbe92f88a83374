import { Suspense } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';

export default function BlankLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
    </Layout>
  );
}
