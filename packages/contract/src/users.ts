import { z } from 'zod';
import { Email, OptionalText, Text } from './common.js';
import { NewPassword } from './auth.js';
import { Role } from './roles.js';

export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z.string().nullable(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  roles: z.array(Role),
  active: z.boolean(),
  locale: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof User>;

const roles = z.array(Role).min(1).max(6);

export const CreateUserBody = z.object({
  email: Email,
  name: Text(80),
  surname: Text(80),
  phone: OptionalText(32),
  operatorId: z.number().int().positive(),
  roles,
  password: NewPassword,
  active: z.boolean().default(true),
  locale: z.enum(['en', 'tr']).nullish(),
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

export const UpdateUserBody = z.object({
  id: z.number().int().positive(),
  email: Email.optional(),
  name: Text(80).optional(),
  surname: Text(80).optional(),
  phone: OptionalText(32).optional(),
  operatorId: z.number().int().positive().optional(),
  roles: roles.optional(),
  active: z.boolean().optional(),
  locale: z.enum(['en', 'tr']).nullish(),
  /** Set a new password for the user (staff reset). */
  password: NewPassword.optional(),
});
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

export const UserSort = z.enum(['id', 'email', 'name', 'surname', 'createdAt', 'lastLoginAt']);

/** Filter body of GetUsersDynamic / GetAllUsersExcel. */
export const UserFilter = z.object({
  search: z.string().trim().max(100).optional(),
  operatorId: z.number().int().positive().optional(),
  role: Role.optional(),
  active: z.boolean().optional(),
  sortBy: UserSort.default('id'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type UserFilter = z.input<typeof UserFilter>;
