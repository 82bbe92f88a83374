import { AREAS, ROLES, ROLE_PERMISSIONS } from './roles.js';

/** The permission table as Markdown, for README.md (a test keeps the two in step). */
export function permissionTableMarkdown(): string {
  const head = `| area | ${ROLES.join(' | ')} |`;
  const rule = `|---|${ROLES.map(() => '---').join('|')}|`;
  const rows = AREAS.map((area) => {
    const cells = ROLES.map((role) => {
      const p = ROLE_PERMISSIONS[role];
      const r = p.includes(`${area}:read`);
      const w = p.includes(`${area}:write`);
      const refund = area === 'payments' && p.includes('payments:refund') ? ' + refund' : '';
      return (w ? 'read, write' : r ? 'read' : '—') + refund;
    });
    return `| ${area} | ${cells.join(' | ')} |`;
  });
  const installation = ROLES.map((role) =>
    ROLE_PERMISSIONS[role].includes('installation:write') ? 'write' : '—',
  );
  rows.push(`| installation settings | ${installation.join(' | ')} |`);
  const raw = ROLES.map((role) => (ROLE_PERMISSIONS[role].includes('commands:raw') ? 'send' : '—'));
  rows.push(`| raw OCPP commands | ${raw.join(' | ')} |`);
  return [head, rule, ...rows].join('\n');
}
