/**
 * What the public pages render: plain data the Worker's loaders read from the database (the content
 * APIs' own serialisers where they exist). Dates are ISO strings, money decimals, images URLs.
 */
export type { ClassDto, CourseDto, MembershipDto, MembershipPlanDto } from '#core/catalog/types.ts';

export type TestimonialView = {
  _id: string;
  name: string;
  role: string;
  quote: string;
  rating: number | null;
  photo: string | null;
  photoWidth: number | null;
  photoHeight: number | null;
};

export type AllianceView = {
  _id: string;
  name: string;
  description: string;
  website: string | null;
  country: string;
  logo: string | null;
  logoWidth: number | null;
  logoHeight: number | null;
};

export type PostSummaryView = {
  _id: string;
  title: string;
  slug: string;
  excerpt: string;
  coverImage: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  tags: string[];
  publishedAt: string | null;
};
export type PostView = PostSummaryView & { body: string; updatedAt: string };

export type AssetView = {
  _id: string;
  title: string;
  description: string;
  altText: string;
  mediaType: string;
  source: string;
  url: string | null;
  mimeType: string | null;
  width: number | null;
  height: number | null;
};

export type ChartView = {
  _id: string;
  title: string;
  alt: string;
  description: string;
  src: string | null;
  width: number | null;
  height: number | null;
};

/** An event or a seminar, as the events pages list them. */
export type ScheduleItem = {
  _id: string;
  kind: 'event' | 'seminar';
  title: string;
  description: string | null;
  startsAt: string;
  endsAt: string;
  location: string | null;
  /** The event's category, or "Seminar". */
  label: string;
  image: string | null;
  /** Seminars: the guest instructor. */
  instructor: string | null;
  /** Seminars: the fee (decimal), null for events. */
  price: number | null;
  registrationUrl: string | null;
  updatedAt: string;
};

/** A teacher on the about page: a staff member whom a current course or class names as its instructor. */
export type TeacherView = { _id: string; name: string; title: string; photo: string | null; teaches: string[] };
