/**
 * Ids Voltline gives a 2.0.1 charger to report back with (remoteStartId, requestId): positive,
 * within a 32-bit integer, and different from one request to the next. The count starts at a
 * random point so a restarted process does not repeat the ids it gave before, for a charger still
 * reporting on them.
 */
const MAX = 2 ** 31 - 1;
let next = 1 + Math.floor(Math.random() * (MAX / 2));

export function freshId(): number {
  const id = next;
  next = next >= MAX ? 1 : next + 1;
  return id;
}
