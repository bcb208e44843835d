import type { ReactNode } from 'react';
import { ModerationAccessDenied } from '@/features/moderation/components/moderation-page';
import { canModerate } from '@/features/moderation/utils/roles';
import { RoleGate } from './role-gate';

/** Moderators and admins get the page, others "Access Denied". */
export function ModeratorsOnly({ children }: { children: ReactNode }) {
  return (
    <RoleGate allow={canModerate} denied={<ModerationAccessDenied />}>
      {children}
    </RoleGate>
  );
}
