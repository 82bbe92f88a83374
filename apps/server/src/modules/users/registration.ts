import type { CreateAccount } from '../auth/auth.service.js';
import { insertOperator } from '../operators/operators.repository.js';
import * as repo from './users.repository.js';

/**
 * Self-registration's writes: a new top-level operator and its first Main Operator. Sign-in (in
 * the auth module, below users) receives this function rather than importing the repositories.
 */
export const createOperatorWithOwner: CreateAccount = async (tx, a) => {
  const operator = await insertOperator(tx, { name: a.companyName, email: a.email });
  const user = await repo.insertUser(tx, {
    operatorId: operator.id,
    email: a.email,
    passwordHash: a.passwordHash,
    name: a.name,
    surname: a.surname,
    roles: ['Main Operator'],
    locale: a.locale,
  });
  return { operatorId: operator.id, userId: user.id, email: user.email };
};

/** Whether the user is in the actor's reach, for modules below users (the audit trail). */
export async function userInReach(...args: Parameters<typeof repo.findUser>): Promise<boolean> {
  return (await repo.findUser(...args)) !== undefined;
}
