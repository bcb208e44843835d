import { eq } from 'drizzle-orm';
import type { Role } from '@curio/contract';
import { userRoles, users } from '../../db/schema';
import type { Executor } from '../../db/types';

export function rolesRepository(db: Executor) {
  return {
    async list(userId: string): Promise<Role[]> {
      const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
      return rows.map((r) => r.role).sort();
    },
    async grant(userId: string, role: Role) {
      await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
    },
    async findUserIdByEmail(email: string): Promise<string | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
      return row?.id ?? null;
    },
  };
}
