CREATE TABLE `course_enrollments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`course_id` text,
	`course_title` text NOT NULL,
	`status` text DEFAULT 'pending_approval' NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`payment_method` text NOT NULL,
	`currency` text DEFAULT 'CAD' NOT NULL,
	`course_price_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`gst_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`coupon_id` text,
	`coupon_code` text,
	`notes` text DEFAULT '' NOT NULL,
	`approved_at` integer,
	`approved_by` text,
	`approval_notes` text,
	`cancel_reason` text,
	`cancelled_at` integer,
	`cancelled_by` text,
	`paid_at` integer,
	`term_ends_at` integer,
	`payment_due_at` integer,
	`release_token` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "course_enrollments_amounts_nonnegative" CHECK("course_enrollments"."course_price_cents" >= 0 and "course_enrollments"."discount_cents" >= 0 and "course_enrollments"."gst_cents" >= 0 and "course_enrollments"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_enrollments_live_uq` ON `course_enrollments` (`user_id`,`course_id`) WHERE "course_enrollments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX `course_enrollments_status_created_idx` ON `course_enrollments` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `course_enrollments_created_idx` ON `course_enrollments` (`created_at`);--> statement-breakpoint
CREATE INDEX `course_enrollments_user_created_idx` ON `course_enrollments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `course_enrollments_course_status_idx` ON `course_enrollments` (`course_id`,`status`);--> statement-breakpoint
CREATE INDEX `course_enrollments_due_idx` ON `course_enrollments` (`payment_status`,`payment_due_at`);--> statement-breakpoint
CREATE TABLE `enrollment_renewals` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`enrollment_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'pending_payment' NOT NULL,
	`payment_method` text NOT NULL,
	`currency` text DEFAULT 'CAD' NOT NULL,
	`price_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`coupon_discount_cents` integer DEFAULT 0 NOT NULL,
	`gst_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`coupon_id` text,
	`coupon_code` text,
	`notes` text DEFAULT '' NOT NULL,
	`period_starts_at` integer,
	`period_ends_at` integer,
	`paid_at` integer,
	`payment_due_at` integer NOT NULL,
	`release_token` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "enrollment_renewals_amounts_nonnegative" CHECK("enrollment_renewals"."price_cents" >= 0 and "enrollment_renewals"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `enrollment_renewals_enrollment_idx` ON `enrollment_renewals` (`kind`,`enrollment_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `enrollment_renewals_due_idx` ON `enrollment_renewals` (`status`,`payment_due_at`);--> statement-breakpoint
CREATE TABLE `instructor_enrollments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'pending_approval' NOT NULL,
	`instructor_status` text DEFAULT 'pending' NOT NULL,
	`instructor_type` text NOT NULL,
	`instructor_id` text,
	`previous_role` text NOT NULL,
	`grade` text DEFAULT '' NOT NULL,
	`experience_years` integer DEFAULT 0 NOT NULL,
	`specialties` text DEFAULT '[]' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`availability` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`documents` text DEFAULT '[]' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`approved_at` integer,
	`approved_by` text,
	`approval_notes` text,
	`cancel_reason` text,
	`cancelled_at` integer,
	`suspend_reason` text,
	`suspended_at` integer,
	`reactivate_reason` text,
	`reactivated_at` integer,
	`completion_notes` text,
	`completed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instructor_enrollments_live_uq` ON `instructor_enrollments` (`user_id`) WHERE "instructor_enrollments"."status" in ('pending_approval', 'approved', 'active');--> statement-breakpoint
CREATE INDEX `instructor_enrollments_status_created_idx` ON `instructor_enrollments` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `instructor_enrollments_created_idx` ON `instructor_enrollments` (`created_at`);--> statement-breakpoint
CREATE INDEX `instructor_enrollments_type_status_idx` ON `instructor_enrollments` (`instructor_type`,`status`);--> statement-breakpoint
CREATE INDEX `instructor_enrollments_user_idx` ON `instructor_enrollments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `membership_enrollments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`membership_id` text,
	`plan_id` text,
	`membership_name` text NOT NULL,
	`plan_name` text NOT NULL,
	`duration_months` integer NOT NULL,
	`status` text DEFAULT 'pending_approval' NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`payment_method` text NOT NULL,
	`currency` text DEFAULT 'CAD' NOT NULL,
	`plan_price_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`coupon_discount_cents` integer DEFAULT 0 NOT NULL,
	`gst_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`coupon_id` text,
	`coupon_code` text,
	`notes` text DEFAULT '' NOT NULL,
	`documents` text DEFAULT '[]' NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`reminder_sent_at` integer,
	`expired_at` integer,
	`approved_at` integer,
	`approved_by` text,
	`approval_notes` text,
	`cancel_reason` text,
	`cancelled_at` integer,
	`cancelled_by` text,
	`paid_at` integer,
	`payment_due_at` integer,
	`release_token` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`membership_id`) REFERENCES `memberships`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`plan_id`) REFERENCES `membership_plans`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "membership_enrollments_amounts_nonnegative" CHECK("membership_enrollments"."plan_price_cents" >= 0 and "membership_enrollments"."discount_cents" >= 0 and "membership_enrollments"."coupon_discount_cents" >= 0 and "membership_enrollments"."gst_cents" >= 0 and "membership_enrollments"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `membership_enrollments_status_created_idx` ON `membership_enrollments` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `membership_enrollments_created_idx` ON `membership_enrollments` (`created_at`);--> statement-breakpoint
CREATE INDEX `membership_enrollments_user_created_idx` ON `membership_enrollments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `membership_enrollments_status_ends_idx` ON `membership_enrollments` (`status`,`ends_at`);--> statement-breakpoint
CREATE INDEX `membership_enrollments_due_idx` ON `membership_enrollments` (`payment_status`,`payment_due_at`);--> statement-breakpoint
ALTER TABLE `courses` ADD `gst_rate_bp` integer DEFAULT 0 NOT NULL;