import type { ReactNode } from 'react';
import { theme } from 'antd';

/**
 * A labelled field with its error line, laid out like antd's vertical Form.Item. The sign-in
 * page uses it instead of antd Form, whose validator and tooltips would double the page's
 * first download.
 */
export function LightField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: 24 }}>
      <label
        htmlFor={id}
        style={{ display: 'block', paddingBottom: 8, color: token.colorText, fontSize: token.fontSize }}
      >
        {label}
      </label>
      {children}
      <div
        id={`${id}_help`}
        role={error ? 'alert' : undefined}
        className="ant-form-item-explain-error"
        style={{
          color: token.colorError,
          minHeight: error ? 22 : 0,
          fontSize: token.fontSize,
          lineHeight: '22px',
        }}
      >
        {error}
      </div>
    </div>
  );
}
