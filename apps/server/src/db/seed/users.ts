import { placeholderEmailFor } from '../../modules/auth/index.js';
import { user } from '../schema.js';
import type { Tx } from '../client.js';
import { DEMO_OPERATOR_PHONE, DEMO_SELLER_PHONE, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PHONE } from './accounts.js';
import type { Clock } from './time.js';
import { lookup } from './util.js';

interface UserSeed {
  firstName: string;
  lastName: string;
  /** null for people who signed up by e-mail only. */
  phone: string | null;
  /** A real address; phone-only people get a placeholder. */
  email?: string;
  joinedDaysAgo: number;
}

const USERS = {
  // Sellers
  priya: { firstName: 'Priya', lastName: 'Sharma', phone: DEMO_SELLER_PHONE, joinedDaysAgo: 240 },
  anjali: { firstName: 'Anjali', lastName: 'Mishra', phone: '+919839012345', joinedDaysAgo: 180 },
  sandeep: { firstName: 'Sandeep', lastName: 'Patil', phone: '+919823045678', joinedDaysAgo: 120 },
  kabir: { firstName: 'Kabir', lastName: 'Khan', phone: '+919820098765', email: 'kabir.khan@example.in', joinedDaysAgo: 95 },
  // Shoppers
  rahul: { firstName: 'Rahul', lastName: 'Verma', phone: DEMO_SHOPPER_PHONE, email: DEMO_SHOPPER_EMAIL, joinedDaysAgo: 60 },
  sneha: { firstName: 'Sneha', lastName: 'Reddy', phone: '+919701234567', joinedDaysAgo: 45 },
  aditya: { firstName: 'Aditya', lastName: 'Kulkarni', phone: '+919767012345', joinedDaysAgo: 38 },
  fatima: { firstName: 'Fatima', lastName: 'Shaikh', phone: '+919930054321', joinedDaysAgo: 30 },
  harpreet: { firstName: 'Harpreet', lastName: 'Kaur', phone: null, email: 'harpreet.kaur@example.in', joinedDaysAgo: 21 },
  vikram: { firstName: 'Vikram', lastName: 'Nair', phone: '+919446012345', joinedDaysAgo: 14 },
  // The marketplace's own
  meera: { firstName: 'Meera', lastName: 'Iyer', phone: DEMO_OPERATOR_PHONE, joinedDaysAgo: 300 },
} satisfies Record<string, UserSeed>;

export type UserKey = keyof typeof USERS;
export type UserRow = typeof user.$inferSelect;
export type Users = Record<UserKey, UserRow>;

function emailOf(seed: UserSeed): string {
  if (seed.email) return seed.email;
  if (!seed.phone) throw new Error(`seed: ${seed.firstName} has neither phone nor e-mail`);
  return placeholderEmailFor(seed.phone);
}

export async function insertUsers(tx: Tx, clock: Clock): Promise<Users> {
  const seeds: [UserKey, UserSeed][] = Object.entries(USERS) as [UserKey, UserSeed][];
  const rows = await tx
    .insert(user)
    .values(
      seeds.map(([, s]) => {
        const joined = clock.daysAgo(s.joinedDaysAgo);
        return {
          name: `${s.firstName} ${s.lastName}`,
          firstName: s.firstName,
          lastName: s.lastName,
          email: emailOf(s),
          // Only a real address can have been verified; placeholders never are.
          emailVerified: s.email !== undefined,
          phoneNumber: s.phone,
          phoneNumberVerified: s.phone !== null,
          createdAt: joined,
          updatedAt: joined,
        };
      }),
    )
    .returning();
  const byEmail = lookup(rows, (r) => r.email);
  return Object.fromEntries(seeds.map(([key, s]) => [key, byEmail(emailOf(s))])) as Users;
}
