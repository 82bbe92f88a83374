import { Avatar } from 'antd';

export function DriverAvatar({ name, surname, size }: { name: string; surname: string; size?: number }) {
  return (
    <Avatar
      size={size}
      style={{
        background: '#e8f7ee',
        color: '#10693a',
        flex: 'none',
        fontSize: size ? size / 2.6 : undefined,
      }}
    >
      {`${name.charAt(0)}${surname.charAt(0)}`.toLocaleUpperCase()}
    </Avatar>
  );
}
