import { z } from 'zod';
import { Email } from './common.js';
import { Role, PERMISSIONS } from './roles.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** At least 8 characters with a letter and a digit. */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .regex(/[A-Za-z]/, { message: 'password.letter' })
  .regex(/[0-9]/, { message: 'password.digit' });

export const LoginBody = z.object({
  Email: Email,
  Password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenData = z.object({ token: z.string() });
export type TokenData = z.infer<typeof TokenData>;

/** `Email` as sign-in spells it (the spec's casing); `email` is accepted as well. */
export const ForgotBody = z
  .object({ Email: Email.optional(), email: Email.optional() })
  .refine((b) => b.Email !== undefined || b.email !== undefined, {
    message: 'validation.required',
    path: ['Email'],
  })
  .transform((b) => ({ email: b.Email ?? b.email ?? '' }));
export type ForgotBody = z.input<typeof ForgotBody>;

export const ResetPasswordBody = z.object({
  newPassword: NewPassword,
  newPasswordRepeat: z.string().min(1).max(PASSWORD_MAX),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const RegisterBody = z.object({
  companyName: z.string().trim().min(2).max(120),
  name: z.string().trim().min(1).max(80),
  surname: z.string().trim().min(1).max(80),
  email: Email,
  password: NewPassword,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** What the portal learns about the signed-in user. */
export const Me = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  roles: z.array(Role),
  permissions: z.array(z.enum(PERMISSIONS)),
  locale: z.string().nullable(),
});
export type Me = z.infer<typeof Me>;

export const PublicConfig = z.object({
  registrationEnabled: z.boolean(),
  defaultLocale: z.string(),
  version: z.string(),
  /** Leaflet tile URL template of the maps; null: no tiles (markers on a plain background). */
  mapTileUrl: z.string().nullable(),
  /** Plain text shown in the maps' corner for the tiles' source. */
  mapAttribution: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
