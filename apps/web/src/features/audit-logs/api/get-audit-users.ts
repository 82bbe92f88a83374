import { API, type AuditUser, type AuditUserQuery, type Ok } from '@voltline/contract';
import type { Choice, RemoteChoices } from '../../../api/lookups';
import { apiClient, unwrap } from '../../../lib/api-client';

// The user filter asks the audit log itself, not the user list: Finance may read the audit log
// without being allowed to read users.
const findUsers = (params: AuditUserQuery) =>
  unwrap(apiClient.get<Ok<AuditUser[]>>(API.audit.users, { params, silent: true }));

const label = (u: AuditUser) => `${u.name} (${u.email})`;
const choice = (u: AuditUser): Choice<number> => ({ value: u.id, label: label(u) });

export const auditUserChoices: RemoteChoices<number> = {
  key: 'auditUsers',
  permission: 'auditLogs:read',
  find: async (search) => (await findUsers({ search: search || undefined })).map(choice),
  labelOf: async (userId) => {
    const [u] = await findUsers({ userId });
    if (!u) throw new Error('not found');
    return label(u);
  },
  placeholder: (id, notFound) => (notFound ? `#${id}` : '…'),
};
