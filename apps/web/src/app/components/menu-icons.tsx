import {
  ApiOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CalendarOutlined,
  CloudSyncOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LineChartOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuIcon } from '../../config/routes';

/**
 * Menu icons by name. The route table names its icons instead of importing them, so the icon
 * components load with the signed-in frame, not with the sign-in page.
 */
export const MENU_ICONS: Record<MenuIcon, ReactNode> = {
  Api: <ApiOutlined />,
  Apartment: <ApartmentOutlined />,
  Audit: <AuditOutlined />,
  BarChart: <BarChartOutlined />,
  Bell: <BellOutlined />,
  Calendar: <CalendarOutlined />,
  CloudSync: <CloudSyncOutlined />,
  CloudUpload: <CloudUploadOutlined />,
  Cluster: <ClusterOutlined />,
  CreditCard: <CreditCardOutlined />,
  Dashboard: <DashboardOutlined />,
  Dollar: <DollarOutlined />,
  Environment: <EnvironmentOutlined />,
  FileSearch: <FileSearchOutlined />,
  Global: <GlobalOutlined />,
  Idcard: <IdcardOutlined />,
  LineChart: <LineChartOutlined />,
  SafetyCertificate: <SafetyCertificateOutlined />,
  Setting: <SettingOutlined />,
  Team: <TeamOutlined />,
  Thunderbolt: <ThunderboltOutlined />,
  Tool: <ToolOutlined />,
};
