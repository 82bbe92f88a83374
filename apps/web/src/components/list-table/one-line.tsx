import type { ReactNode } from 'react';
import { Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import './list-table.css';

/** Text kept to one line in a table cell: cut with "…" when too long, shown whole in a tooltip. */
export function OneLine({
  children,
  type,
  code,
}: {
  children: ReactNode;
  type?: 'secondary' | 'danger';
  code?: boolean;
}) {
  return (
    <Typography.Text
      type={type}
      code={code}
      ellipsis={{ tooltip: children }}
      style={{ maxWidth: '100%', minWidth: 0 }}
    >
      {children}
    </Typography.Text>
  );
}

/** A link to a record kept to one line; its whole text is the tooltip. */
export function OneLineLink({ to, children, title }: { to: string; children: ReactNode; title?: string }) {
  return (
    <Tooltip title={title ?? children} mouseEnterDelay={0.6}>
      <Link to={to} className="vl-one-line">
        {children}
      </Link>
    </Tooltip>
  );
}
