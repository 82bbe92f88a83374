import { Typography } from 'antd';

/** A frame's payload, indented, selectable and copyable (or `text` as it is: a cut frame's first part). */
export function JsonView({
  value,
  text: given,
  testId,
}: {
  value?: unknown;
  text?: string;
  testId?: string;
}) {
  const text = given ?? JSON.stringify(value, null, 2) ?? 'null';
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
