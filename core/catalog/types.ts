import type { Level } from './catalog-options.ts';
import type { Summary } from './summary.ts';

/**
 * What the catalog API sends (and what pages and islands read): `_id`, camelCase, dates as ISO
 * strings, money as decimals with 2 places, `image` as a URL under /api/files/ (or null).
 */
export type CourseDto = {
  _id: string;
  title: string;
  slug: string;
  shortDescription: string | null;
  description: string | null;
  category: string | null;
  level: Level;
  instructorName: string | null;
  durationWeeks: number | null;
  sessionsPerWeek: number | null;
  schedule: string | null;
  price: number;
  discountPrice: number | null;
  /** Spec 9: discountPrice, else price, else 0. */
  effectivePrice: number;
  currency: string;
  /** GST on an enrolment, percent (13, 12.5). */
  gstRate: number;
  capacity: number | null;
  image: string | null;
  featured: boolean;
  isActive: boolean;
  ageGroup: string | null;
  prerequisites: string | null;
  highlights: string[];
  createdAt: string;
  updatedAt: string;
};

export type MembershipPlanDto = {
  _id: string;
  /** The same id, under the name the membership purchase call sends. */
  planId: string;
  name: string;
  durationMonths: number;
  price: number;
  discountPrice: number | null;
  effectivePrice: number;
  gstRate: number;
  isActive: boolean;
};

export type MembershipDto = {
  _id: string;
  name: string;
  description: string | null;
  benefits: string[];
  isActive: boolean;
  featured: boolean;
  image: string | null;
  sortOrder: number;
  plans: MembershipPlanDto[];
  /** The lowest effective price among its active plans, null without any. */
  startingPrice: number | null;
  createdAt: string;
  updatedAt: string;
};

export type ClassDto = {
  _id: string;
  title: string;
  description: string | null;
  dayOfWeek: number;
  dayName: string;
  startTime: string;
  endTime: string;
  instructorName: string | null;
  /** The instructor's account (issue 24), null when none is linked. */
  instructorId: string | null;
  /** The program its attendance counts toward (issue 25); null = every program. */
  programId: string | null;
  level: Level;
  location: string | null;
  ageGroup: string | null;
  capacity: number | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

export type TimeStatus = 'upcoming' | 'ongoing' | 'past';

export type EventDto = {
  _id: string;
  title: string;
  description: string | null;
  startsAt: string;
  endsAt: string;
  status: TimeStatus;
  location: string | null;
  category: string;
  image: string | null;
  registrationUrl: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

export type SeminarDto = {
  _id: string;
  title: string;
  description: string | null;
  instructor: string | null;
  startsAt: string;
  endsAt: string;
  status: TimeStatus;
  location: string | null;
  price: number;
  currency: string;
  capacity: number | null;
  image: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

export type { Summary };
