import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { drivers } from './drivers.js';

export const driverAddresses = pgTable(
  'driver_addresses',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    title: text('title').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    /** ISO 3166-1 alpha-2 country code. */
    country: text('country').notNull(),
    zipCode: text('zip_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('driver_addresses_driver_idx').on(t.driverId)],
);

export const driverVehicles = pgTable(
  'driver_vehicles',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    name: text('name').notNull(),
    model: text('model'),
    year: smallint('year'),
    /** One of the contract's SOCKET_TYPES. */
    socketType: text('socket_type').notNull(),
    /** 17 characters, upper case, no I/O/Q. */
    vin: text('vin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('driver_vehicles_driver_idx').on(t.driverId)],
);

/** Every change of a driver's status, with who changed it and why. */
export const driverStatusHistory = pgTable(
  'driver_status_history',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reason: text('reason').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('driver_status_history_driver_idx').on(t.driverId, t.id)],
);
