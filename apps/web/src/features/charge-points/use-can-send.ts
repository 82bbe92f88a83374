import { permissionsForCommand, type CommandBody, type CommandName } from '@voltline/contract';
import { usePermissions } from '../../hooks/use-permission';

// Kept out of hooks/: the command table would otherwise weigh on the sign-in page's bundle.

/** Whether the user may send this command (with this body): its area's permission as well as commands:write. */
export function useCanSend<C extends CommandName>(command: C, body: Partial<CommandBody<C>> = {}): boolean {
  const permissions = usePermissions();
  return permissionsForCommand(command, body).every((p) => permissions.has(p));
}
