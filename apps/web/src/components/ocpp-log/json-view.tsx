import { Typography } from 'antd';

/** A frame's payload, indented, selectable and copyable. */
export function JsonView({ value, testId }: { value: unknown; testId?: string }) {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return (
    <Typography.Paragraph copyable={{ text }} style={{ marginBottom: 0 }} data-testid={testId}>
      <pre
        dir="ltr"
        style={{
          margin: 0,
          maxHeight: 360,
          overflow: 'auto',
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {text}
      </pre>
    </Typography.Paragraph>
  );
}
