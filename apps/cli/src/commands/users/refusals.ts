import { type AccountUser, isRoleAtLeast, roleOn } from '@siteseer/core';
import type { UsersContext } from './users-context.ts';

/**
 * Why a users-table control is not enabled for this row, in words (core's access rules only say
 * enabled/disabled/hidden). The checks mirror them in the same order.
 */
export function refusalOf(
  action: 'remove' | 'role' | 'transfer',
  context: UsersContext,
  user: AccountUser,
): string {
  const role = roleOn(context.viewer, context.account.id);
  if (action === 'transfer') {
    if (user.role === 'owner') return `${user.email} is already the owner of ${context.account.name}.`;
    return 'Only the owner or a super admin can transfer ownership.';
  }
  if (!isRoleAtLeast(role, 'admin')) {
    return action === 'remove'
      ? 'Only owners and admins can remove users.'
      : 'Only owners and admins can change roles.';
  }
  if (user.id === context.viewer.id) {
    return action === 'remove' ? 'You cannot remove yourself.' : 'You cannot change your own role.';
  }
  if (user.role === 'owner') {
    return action === 'remove'
      ? 'The owner cannot be removed: transfer ownership first.'
      : 'The owner cannot be demoted: transfer ownership instead.';
  }
  return 'This is not allowed.';
}
