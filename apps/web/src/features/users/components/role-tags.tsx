import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@voltline/contract';

const ROLE_COLORS: Record<Role, string> = {
  Admin: 'magenta',
  'Main Operator': 'blue',
  Finance: 'gold',
  'Technical Support': 'cyan',
  'Site Safety Officer': 'orange',
  CallCenter: 'purple',
};

export function RoleTags({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('common');
  return (
    <>
      {roles.map((r) => (
        <Tag key={r} color={ROLE_COLORS[r]} style={{ marginBlock: 2 }}>
          {t(`roles.${r}`)}
        </Tag>
      ))}
    </>
  );
}

export function StatusTag({ active }: { active: boolean }) {
  const { t } = useTranslation('users');
  return <Tag color={active ? 'success' : 'default'}>{t(active ? 'status.active' : 'status.inactive')}</Tag>;
}
