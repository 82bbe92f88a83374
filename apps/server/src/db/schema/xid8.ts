import { customType } from 'drizzle-orm/pg-core';

/** A 64-bit transaction id (PostgreSQL `xid8`), as decimal text: it does not wrap around. */
export const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
});
