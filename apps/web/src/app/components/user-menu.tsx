import { Avatar, Dropdown, Flex, Tag, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/get-me';
import { useSignOut } from '../../api/sign-out';

export function UserMenu({ color }: { color?: string }) {
  const { t } = useTranslation('common');
  const { data: me } = useMe();
  const signOut = useSignOut();
  if (!me) return null;
  const initials = `${me.name.charAt(0)}${me.surname.charAt(0)}`.toUpperCase();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'profile',
            disabled: true,
            style: { cursor: 'default' },
            label: (
              <Flex vertical gap={4} style={{ padding: '4px 0', maxWidth: 280 }}>
                <Typography.Text strong>
                  {me.name} {me.surname}
                </Typography.Text>
                <Typography.Text type="secondary">{me.email}</Typography.Text>
                <Typography.Text type="secondary">{me.operatorName}</Typography.Text>
                <Flex wrap gap={4}>
                  {me.roles.map((r) => (
                    <Tag key={r} color="blue">
                      {t(`roles.${r}`)}
                    </Tag>
                  ))}
                </Flex>
              </Flex>
            ),
          },
          { type: 'divider' },
          {
            key: 'signOut',
            icon: <LogoutOutlined />,
            label: t('header.signOut'),
            danger: true,
            onClick: () => signOut.mutate(),
          },
        ],
      }}
    >
      <Flex align="center" gap={8} style={{ cursor: 'pointer', color }} data-testid="user-menu">
        <Avatar style={{ background: '#1d3a8a' }}>{initials}</Avatar>
        <span className="header-user-name">
          {me.name} {me.surname}
        </span>
      </Flex>
    </Dropdown>
  );
}
