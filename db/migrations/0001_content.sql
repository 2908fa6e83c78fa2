CREATE TABLE `assets` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`alt_text` text DEFAULT '' NOT NULL,
	`media_type` text NOT NULL,
	`source` text NOT NULL,
	`external_url_link` text,
	`object_key` text,
	`mime_type` text,
	`size_bytes` integer,
	`width` integer,
	`height` integer,
	`featured` integer DEFAULT false NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`uploaded_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `assets_object_key_unique` ON `assets` (`object_key`);--> statement-breakpoint
CREATE INDEX `assets_created_idx` ON `assets` (`created_at`);--> statement-breakpoint
CREATE INDEX `assets_type_created_idx` ON `assets` (`media_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `assets_featured_created_idx` ON `assets` (`featured`,`created_at`);--> statement-breakpoint
CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`media_type` text NOT NULL,
	`object_key` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`width` integer,
	`height` integer,
	`file_name` text DEFAULT '' NOT NULL,
	`alt_text` text DEFAULT '' NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`uploaded_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_object_key_unique` ON `media` (`object_key`);--> statement-breakpoint
CREATE INDEX `media_owner_created_idx` ON `media` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `organizational_charts` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`alt` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`image_key` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`width` integer,
	`height` integer,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organizational_charts_image_key_unique` ON `organizational_charts` (`image_key`);--> statement-breakpoint
CREATE INDEX `charts_featured_created_idx` ON `organizational_charts` (`featured`,`created_at`);--> statement-breakpoint
CREATE TABLE `alliances` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`website` text,
	`country` text DEFAULT '' NOT NULL,
	`logo_key` text,
	`logo_width` integer,
	`logo_height` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alliances_logo_key_unique` ON `alliances` (`logo_key`);--> statement-breakpoint
CREATE INDEX `alliances_active_name_idx` ON `alliances` (`is_active`,`name`);--> statement-breakpoint
CREATE INDEX `alliances_created_idx` ON `alliances` (`created_at`);--> statement-breakpoint
CREATE TABLE `testimonials` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`quote` text NOT NULL,
	`rating` integer,
	`photo_key` text,
	`photo_width` integer,
	`photo_height` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `testimonials_photo_key_unique` ON `testimonials` (`photo_key`);--> statement-breakpoint
CREATE INDEX `testimonials_active_created_idx` ON `testimonials` (`is_active`,`created_at`);--> statement-breakpoint
CREATE INDEX `testimonials_featured_idx` ON `testimonials` (`featured`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`cover_image_key` text,
	`cover_width` integer,
	`cover_height` integer,
	`tags` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`published_at` integer,
	`author_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `posts_slug_unique` ON `posts` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `posts_cover_image_key_unique` ON `posts` (`cover_image_key`);--> statement-breakpoint
CREATE INDEX `posts_status_published_idx` ON `posts` (`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `posts_created_idx` ON `posts` (`created_at`);--> statement-breakpoint
CREATE TABLE `syllabus_items` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`grade` text NOT NULL,
	`grade_rank` integer NOT NULL,
	`category` text NOT NULL,
	`materials` text DEFAULT '[]' NOT NULL,
	`external_links` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `syllabus_items_grade_idx` ON `syllabus_items` (`grade`,`category`,`title`);--> statement-breakpoint
CREATE INDEX `syllabus_items_rank_idx` ON `syllabus_items` (`grade_rank`,`category`,`title`);--> statement-breakpoint
CREATE INDEX `syllabus_items_created_idx` ON `syllabus_items` (`created_at`);--> statement-breakpoint
CREATE TABLE `file_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`category` text DEFAULT 'general' NOT NULL,
	`excel_file` text,
	`images` text DEFAULT '[]' NOT NULL,
	`uploaded_by` text NOT NULL,
	`is_published` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `file_uploads_published_created_idx` ON `file_uploads` (`is_published`,`created_at`);--> statement-breakpoint
CREATE INDEX `file_uploads_uploader_created_idx` ON `file_uploads` (`uploaded_by`,`created_at`);--> statement-breakpoint
CREATE INDEX `file_uploads_category_created_idx` ON `file_uploads` (`category`,`created_at`);--> statement-breakpoint
CREATE TABLE `courses` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`short_description` text,
	`description` text,
	`category` text,
	`level` text DEFAULT 'all' NOT NULL,
	`instructor_name` text,
	`duration_weeks` integer,
	`sessions_per_week` integer,
	`schedule` text,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`discount_price_cents` integer,
	`currency` text DEFAULT 'CAD' NOT NULL,
	`capacity` integer,
	`image` text,
	`featured` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`age_group` text,
	`prerequisites` text,
	`highlights` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "courses_price_nonnegative" CHECK("courses"."price_cents" >= 0),
	CONSTRAINT "courses_discount_within_price" CHECK("courses"."discount_price_cents" is null or ("courses"."discount_price_cents" >= 0 and "courses"."discount_price_cents" <= "courses"."price_cents"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `courses_slug_unique` ON `courses` (`slug`);--> statement-breakpoint
CREATE INDEX `courses_active_created_idx` ON `courses` (`is_active`,`created_at`);--> statement-breakpoint
CREATE INDEX `courses_featured_idx` ON `courses` (`featured`,`is_active`);--> statement-breakpoint
CREATE INDEX `courses_category_idx` ON `courses` (`category`);--> statement-breakpoint
CREATE TABLE `membership_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`membership_id` text NOT NULL,
	`name` text NOT NULL,
	`duration_months` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`discount_price_cents` integer,
	`gst_rate` real DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`membership_id`) REFERENCES `memberships`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "membership_plans_duration_range" CHECK("membership_plans"."duration_months" between 1 and 120),
	CONSTRAINT "membership_plans_price_nonnegative" CHECK("membership_plans"."price_cents" >= 0),
	CONSTRAINT "membership_plans_discount_within_price" CHECK("membership_plans"."discount_price_cents" is null or ("membership_plans"."discount_price_cents" >= 0 and "membership_plans"."discount_price_cents" <= "membership_plans"."price_cents")),
	CONSTRAINT "membership_plans_gst_range" CHECK("membership_plans"."gst_rate" between 0 and 100)
);
--> statement-breakpoint
CREATE INDEX `membership_plans_membership_idx` ON `membership_plans` (`membership_id`,`position`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`benefits` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`image` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_name_unique` ON `memberships` (lower("name"));--> statement-breakpoint
CREATE INDEX `memberships_active_order_idx` ON `memberships` (`is_active`,`sort_order`);--> statement-breakpoint
CREATE TABLE `classes` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`day_of_week` integer NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`instructor_name` text,
	`level` text DEFAULT 'all' NOT NULL,
	`location` text,
	`age_group` text,
	`capacity` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "classes_day_range" CHECK("classes"."day_of_week" between 0 and 6),
	CONSTRAINT "classes_end_after_start" CHECK("classes"."end_time" > "classes"."start_time")
);
--> statement-breakpoint
CREATE INDEX `classes_day_start_idx` ON `classes` (`day_of_week`,`start_time`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`location` text,
	`category` text DEFAULT 'other' NOT NULL,
	`image` text,
	`registration_url` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "events_end_after_start" CHECK("events"."ends_at" >= "events"."starts_at")
);
--> statement-breakpoint
CREATE INDEX `events_active_ends_idx` ON `events` (`is_active`,`ends_at`);--> statement-breakpoint
CREATE INDEX `events_starts_idx` ON `events` (`starts_at`);--> statement-breakpoint
CREATE TABLE `seminars` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`instructor` text,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`location` text,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'CAD' NOT NULL,
	`capacity` integer,
	`image` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "seminars_end_after_start" CHECK("seminars"."ends_at" >= "seminars"."starts_at"),
	CONSTRAINT "seminars_price_nonnegative" CHECK("seminars"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `seminars_active_ends_idx` ON `seminars` (`is_active`,`ends_at`);--> statement-breakpoint
CREATE INDEX `seminars_starts_idx` ON `seminars` (`starts_at`);--> statement-breakpoint
CREATE TABLE `enquiries` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`status` text DEFAULT 'New' NOT NULL,
	`admin_notes` text DEFAULT '' NOT NULL,
	`is_spam` integer DEFAULT false NOT NULL,
	`contacted_at` integer,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `enquiries_spam_created_idx` ON `enquiries` (`is_spam`,`created_at`);--> statement-breakpoint
CREATE INDEX `enquiries_spam_status_created_idx` ON `enquiries` (`is_spam`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `site_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`school_name` text NOT NULL,
	`tagline` text DEFAULT '' NOT NULL,
	`logo_key` text,
	`logo_width` integer,
	`logo_height` integer,
	`contact_email` text DEFAULT '' NOT NULL,
	`contact_phone` text DEFAULT '' NOT NULL,
	`contact_address` text DEFAULT '' NOT NULL,
	`social_links` text DEFAULT '{}' NOT NULL,
	`currency` text DEFAULT 'CAD' NOT NULL,
	`currency_symbol` text DEFAULT '$' NOT NULL,
	`privacy_policy` text DEFAULT '' NOT NULL,
	`terms_and_conditions` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
