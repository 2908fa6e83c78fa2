import { coupons, type NewCouponRow } from '#db/schema/index.ts';
import { at, DAY_MS, dayFrom } from './calendar.ts';
import type { Seeder } from './types.ts';

/** The last day of the most recent August that is over: "last summer" on whatever day the demo is seeded. */
function endOfLastSummer(now: number): Date {
  const today = dayFrom(now, 0);
  return at({ y: today.month > 8 ? today.y : today.y - 1, month: 8, day: 31 }, 23.99);
}

/** Demo coupons: the value is basis points for a percentage, cents for a fixed amount. Dates relative to seeding. */
export const demoCoupons = (now = Date.now()): NewCouponRow[] => [
  {
    id: 'seed-coupon-welcome10',
    code: 'WELCOME10',
    description: '10% off your first purchase',
    discountType: 'percentage',
    discountValue: 1000,
    category: 'all',
    perUserLimit: 1,
  },
  {
    id: 'seed-coupon-dojo5',
    code: 'DOJO5',
    description: '$5 off shop orders of $25 or more',
    discountType: 'fixed',
    discountValue: 500,
    category: 'shop',
    minAmountCents: 2500,
  },
  {
    id: 'seed-coupon-belt20',
    code: 'BELT20',
    description: '20% off the shop, up to $15',
    discountType: 'percentage',
    discountValue: 2000,
    category: 'shop',
    maxDiscountCents: 1500,
    usageLimit: 100,
    validUntil: new Date(now + 90 * DAY_MS),
  },
  {
    id: 'seed-coupon-course15',
    code: 'COURSE15',
    description: '15% off a course',
    discountType: 'percentage',
    discountValue: 1500,
    category: 'course',
  },
  {
    id: 'seed-coupon-summer',
    code: 'SUMMER25',
    description: 'Last summer’s sale (expired)',
    discountType: 'percentage',
    discountValue: 2500,
    category: 'all',
    validUntil: endOfLastSummer(now),
  },
  {
    id: 'seed-coupon-paused',
    code: 'PAUSED',
    description: 'Switched off by the school',
    discountType: 'fixed',
    discountValue: 1000,
    category: 'all',
    isActive: false,
  },
];

export const couponsSeeder: Seeder = {
  name: 'coupons',
  async run({ db }) {
    const added = await db.insert(coupons).values(demoCoupons()).onConflictDoNothing().returning({ id: coupons.id });
    return added.length;
  },
};
