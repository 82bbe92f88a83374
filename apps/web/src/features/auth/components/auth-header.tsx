import { theme } from 'antd';

/** Plain headings keep antd's Typography (and its tooltips) out of the sign-in page. */
export function AuthHeader({ title, subtitle }: { title: string; subtitle: string }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: 28 }}>
      <h1 style={{ fontSize: 26, fontWeight: 600, margin: '0 0 6px', color: token.colorText }}>{title}</h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{subtitle}</p>
    </div>
  );
}
